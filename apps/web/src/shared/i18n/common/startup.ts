/**
 * What the startup screen says (SPEC §2), in every language: the only texts the app holds before
 * /common/config answers. The rest of `common` comes with the config, in the reader's language
 * only (shared/i18n/index.ts).
 */
export const startupTexts = {
  cn: {
    startup: {
      connecting: '正在连接服务器…',
      loadingConfig: '正在加载配置…',
      ready: '准备就绪',
      failed: '无法连接服务器',
      tagline: '日本、美国、中国股票，一个账户全搞定',
    },
    actions: { retry: '重试' },
  },
  us: {
    startup: {
      connecting: 'Connecting to the server…',
      loadingConfig: 'Loading configuration…',
      ready: 'Ready',
      failed: 'Cannot reach the server',
      tagline: 'Japanese, US and Chinese stocks in one account',
    },
    actions: { retry: 'Retry' },
  },
  jp: {
    startup: {
      connecting: 'サーバーに接続しています…',
      loadingConfig: '設定を読み込んでいます…',
      ready: '準備完了',
      failed: 'サーバーに接続できません',
      tagline: '日本・米国・中国の株式をひとつの口座で',
    },
    actions: { retry: '再試行' },
  },
};
