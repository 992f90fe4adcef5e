/** The back office's operators, in English (sets the keys). */
export const texts = {
  operators: {
    totp: 'Two-step',
    totpOff: 'Turn two-step off',
    role: 'Role',
    enabled: 'Active',
    disabled: 'Disabled',
    enable: 'Enable',
    disable: 'Disable',
    lockedUntil: 'Locked until {{time}}',
    resetPassword: 'Reset password',
    newPassword: 'New password',
    passwordLength: 'At least 10 characters',
    usernameRule: '3–32 letters, digits, dots, dashes or underscores',
    create: 'New operator',
    createButton: 'Create',
    created: 'Operator created',
    confirm: {
      totp: 'Turn off two-step sign-in of {{name}}',
      role: 'Change the role of {{name}}',
      disable: 'Change access of {{name}}',
      password: 'Reset the password of {{name}}',
    },
  },
};
