import type { Language } from '@kabuto/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import type { Locale } from 'antd-mobile/es/locales/base';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect, useState } from 'react';
import { queryClient } from '../shared/api/query-client';
import { useLanguage } from '../shared/i18n/setup';
import { useSettings } from '../shared/settings/settings-store';
import { applyTrendColors } from '../shared/theme/theme';

/**
 * antd-mobile's own texts (dialog buttons, pickers, pull to refresh). Chinese is its built-in
 * default; English and Japanese are fetched alongside /common/config (`loadAntdLocale`), so the
 * first screen renders with them instead of rendering twice.
 */
const ANTD_LOCALES: Record<Language, () => Promise<Locale>> = {
  cn: async () => zhCN,
  us: () => import('antd-mobile/es/locales/en-US').then((m) => m.default),
  jp: () => import('antd-mobile/es/locales/ja-JP').then((m) => m.default),
};

const antdLocales: Partial<Record<Language, Locale>> = { cn: zhCN };

/** Fetches antd-mobile's texts in `language` once; the startup gate waits for them with the config. */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const loaded = antdLocales[language] ?? (await ANTD_LOCALES[language]());
  antdLocales[language] = loaded;
  return loaded;
}

function useAntdLocale(language: Language): Locale {
  const [, setLoaded] = useState<Language>();
  const ready = antdLocales[language];
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadAntdLocale(language).then(
      () => live && setLoaded(language),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language, ready]);
  return ready ?? zhCN;
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
