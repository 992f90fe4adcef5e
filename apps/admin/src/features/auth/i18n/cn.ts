import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's sign-in and two-step sign-in, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  login: {
    username: '用户名',
    password: '密码',
    submit: '登录',
    code: '验证器应用中的验证码',
    codeHint: '6 位数字，每 30 秒更新',
  },
  totp: {
    title: '两步验证',
    on: '两步验证已开启：每次登录都需输入验证器应用中的验证码。',
    off: '两步验证未开启。开启后每次登录需输入验证器应用中的验证码。',
    setup: '开始设置',
    scan: '用验证器应用扫描此二维码（或输入密钥），然后输入显示的验证码。',
    codeRule: '6 位数字',
    enable: '开启',
    enabled: '两步验证已开启',
  },
};
