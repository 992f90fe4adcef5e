import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's operators, in Japanese. */
export const texts: Shape<typeof us> = {
  operators: {
    totp: '2段階認証',
    totpOff: '2段階認証を解除',
    role: 'ロール',
    enabled: '有効',
    disabled: '停止中',
    enable: '有効にする',
    disable: '停止する',
    lockedUntil: '{{time}} までロック',
    resetPassword: 'パスワード再設定',
    newPassword: '新しいパスワード',
    passwordLength: '10文字以上',
    usernameRule: '3〜32文字の英数字、ピリオド、ハイフン、アンダースコア',
    create: '新しいオペレーター',
    createButton: '作成',
    created: 'オペレーターを作成しました',
    confirm: {
      totp: '{{name}} の2段階認証を解除',
      role: '{{name}} のロールを変更',
      disable: '{{name}} の利用可否を変更',
      password: '{{name}} のパスワードを再設定',
    },
  },
};
