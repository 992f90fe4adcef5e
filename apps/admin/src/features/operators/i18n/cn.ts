import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's operators, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  operators: {
    totp: '两步验证',
    totpOff: '关闭两步验证',
    role: '角色',
    enabled: '启用',
    disabled: '已停用',
    enable: '启用',
    disable: '停用',
    lockedUntil: '锁定至 {{time}}',
    resetPassword: '重置密码',
    newPassword: '新密码',
    passwordLength: '至少 10 个字符',
    usernameRule: '3–32 位字母、数字、点、短横线或下划线',
    create: '新建操作员',
    createButton: '创建',
    created: '已创建操作员',
    confirm: {
      totp: '关闭 {{name}} 的两步验证',
      role: '修改 {{name}} 的角色',
      disable: '修改 {{name}} 的访问权限',
      password: '重置 {{name}} 的密码',
    },
  },
};
