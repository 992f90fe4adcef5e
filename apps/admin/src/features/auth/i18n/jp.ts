import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's sign-in and two-step sign-in, in Japanese. */
export const texts: Shape<typeof us> = {
  login: {
    username: 'ユーザー名',
    password: 'パスワード',
    submit: 'ログイン',
    code: '認証アプリのコード',
    codeHint: '6桁、30秒ごとに変わります',
  },
  totp: {
    title: '2段階認証',
    on: '2段階認証は有効です。ログインのたびに認証アプリのコードを入力します。',
    off: '2段階認証は無効です。有効にすると、ログインのたびに認証アプリのコードを求めます。',
    setup: '設定する',
    scan: '認証アプリでこのコードを読み取り（またはキーを入力し）、表示されたコードを入力してください。',
    codeRule: '6桁の数字',
    enable: '有効にする',
    enabled: '2段階認証を有効にしました',
  },
};
