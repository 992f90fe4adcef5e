/** The back office's sign-in and two-step sign-in, in English (sets the keys). */
export const texts = {
  login: {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    code: 'Code from your authenticator app',
    codeHint: 'Six digits; a new one every 30 seconds',
  },
  totp: {
    title: 'Two-step sign-in',
    on: 'Two-step sign-in is on: each sign-in asks for a code from your authenticator app.',
    off: 'Two-step sign-in is off. Turn it on to ask for a code from an authenticator app at each sign-in.',
    setup: 'Set up',
    scan: 'Scan this with an authenticator app (or type the key), then enter the code it shows.',
    codeRule: 'Six digits',
    enable: 'Turn on',
    enabled: 'Two-step sign-in is on',
  },
};
