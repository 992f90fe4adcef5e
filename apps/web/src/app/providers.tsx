import type { Language } from '@kabuto/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import type { Locale } from 'antd-mobile/es/locales/base';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect, useState } from 'react';
import { queryClient } from '../shared/api/query-client';
import { useConfigStore } from '../shared/config/config-store';
import { useLanguage } from '../shared/i18n/setup';
import { useSettings } from '../shared/settings/settings-store';
import { applyTrendColors } from '../shared/theme/theme';

/**
 * antd-mobile's own texts (dialog buttons, pickers, pull to refresh). Chinese is its built-in
 * default; English and Japanese load once the first screen is up, long before any of those
 * texts can show.
 */
const ANTD_LOCALES: Record<Language, () => Promise<Locale>> = {
  cn: async () => zhCN,
  us: () => import('antd-mobile/es/locales/en-US').then((m) => m.default),
  jp: () => import('antd-mobile/es/locales/ja-JP').then((m) => m.default),
};

function useAntdLocale(language: Language): Locale {
  const [locale, setLocale] = useState<{ language: Language; locale: Locale }>();
  const started = useConfigStore((s) => s.loaded);
  useEffect(() => {
    if (!started) return;
    let live = true;
    // Once the first screen is up and the browser is idle: none of these texts is on it.
    const load = () => {
      void ANTD_LOCALES[language]().then((loaded) => live && setLocale({ language, locale: loaded }));
    };
    const idle =
      typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 2000 }) : null;
    const timer = idle === null ? setTimeout(load, 500) : null;
    return () => {
      live = false;
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [language, started]);
  return locale?.language === language ? locale.locale : zhCN;
}

/** Publishes the price-colour convention for the language and the user's override. */
function TrendColors() {
  const language = useLanguage();
  const scheme = useSettings((s) => s.colorScheme);
  useEffect(() => applyTrendColors(language, scheme), [language, scheme]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const locale = useAntdLocale(language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>
        <TrendColors />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
