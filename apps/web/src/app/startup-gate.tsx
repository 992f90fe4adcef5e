import { configCall } from '@kabuto/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isApiError } from '../shared/api/client';
import { useConfigStore } from '../shared/config/config-store';
import { loadNamespaces, SERVER_KEY_NAMESPACES } from '../shared/i18n';
import { currentLanguage, translateErrorKey } from '../shared/i18n/setup';
import { Splash, type SplashStep } from '../shared/ui/splash';
import { loadAntdLocale } from './providers';

type Phase = 'connecting' | 'configuring' | 'failed';

/**
 * SPEC §2: the app renders its routes only after /common/config succeeds; until then a loading
 * screen shows progress messages, and a retry when the server cannot be reached.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loaded = useConfigStore((s) => s.loaded);
  const load = useConfigStore((s) => s.load);
  const title = useConfigStore((s) => s.values.title);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [errorKey, setErrorKey] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the request when the user taps retry
  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    setPhase('connecting');
    setErrorKey(undefined);
    // The shared texts and antd-mobile's, in the reader's language, come with the config: the
    // first screen then renders once, in its final words (antd-mobile's fall back to its built-in
    // Chinese when they cannot be fetched).
    const texts = Promise.all([
      loadNamespaces(['common']),
      loadAntdLocale(currentLanguage()).catch(() => undefined),
    ]);
    // Awaited once the config answers; a config that fails first says the failure itself.
    texts.catch(() => undefined);
    callApi(configCall, { type: 'all' }, { loading: false, silent: 'all', signal: controller.signal })
      .then(async (pairs) => {
        await texts;
        if (controller.signal.aborted) return;
        setPhase('configuring');
        load(pairs);
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        // The failure is said in words: the server keys' texts come first (when they can).
        await loadNamespaces(SERVER_KEY_NAMESPACES).catch(() => undefined);
        if (controller.signal.aborted) return;
        setErrorKey(isApiError(error) ? error.key : 'network_error');
        setPhase('failed');
      });
    return () => controller.abort();
  }, [loaded, load, attempt]);

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (loaded) return children;

  const steps: SplashStep[] = [
    {
      label: t('startup.connecting'),
      state: phase === 'connecting' ? 'active' : phase === 'failed' ? 'failed' : 'done',
    },
    { label: t('startup.loadingConfig'), state: phase === 'configuring' ? 'active' : 'waiting' },
    { label: t('startup.ready'), state: 'waiting' },
  ];
  return (
    <Splash
      title={title || 'Kabuto'}
      steps={steps}
      percent={phase === 'configuring' ? 80 : 30}
      error={
        phase === 'failed'
          ? { title: t('startup.failed'), detail: translateErrorKey(errorKey ?? 'network_error') }
          : undefined
      }
      onRetry={phase === 'failed' ? retry : undefined}
    />
  );
}
