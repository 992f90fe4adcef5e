import type { Language } from '@kabuto/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../shared/api/query-client';
import { useLanguage } from '../shared/i18n/setup';
import { useSettings } from '../shared/settings/settings-store';
import { applyTrendColors } from '../shared/theme/theme';

const ANTD_LOCALES = { cn: zhCN, us: enUS, jp: jaJP } satisfies Record<Language, unknown>;

/** Publishes the price-colour convention for the language and the user's override. */
function TrendColors() {
  const language = useLanguage();
  const scheme = useSettings((s) => s.colorScheme);
  useEffect(() => applyTrendColors(language, scheme), [language, scheme]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <TrendColors />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
