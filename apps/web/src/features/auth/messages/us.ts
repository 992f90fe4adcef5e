import type { messages as cn } from './cn';

/** The welcome, login and registration screens in English. */
export const messages: typeof cn = {
  logon: {
    welcome: 'Welcome to {{title}}',
    tagline: 'Trade Japanese, US and Chinese stocks from one account',
    login: 'Log in',
    register: 'Create an account',
    language: 'Language',
    demoNote: 'Demo: prices come from a simulated market; no real money is involved.',
  },
  login: {
    title: 'Log in',
    account: 'Account',
    accountPlaceholder: 'Your account',
    accountRequired: 'Please enter your account',
    password: 'Password',
    passwordPlaceholder: 'Your password',
    passwordRequired: 'Please enter your password',
    submit: 'Log in',
    noAccount: 'No account yet?',
    toRegister: 'Register now',
  },
  register: {
    title: 'Register',
    account: 'Mobile number',
    accountPlaceholderPhone: 'Ten-digit mobile number',
    accountPlaceholder: '6–20 letters or digits',
    accountInvalidPhone: 'Enter a ten-digit mobile number',
    accountInvalid: 'Use 6–20 letters or digits',
    password: 'Password',
    passwordPlaceholder: 'At least 6 characters',
    passwordShort: 'The password needs at least 6 characters',
    passwordLong: 'The password can have at most 64 characters',
    repassword: 'Repeat password',
    repasswordPlaceholder: 'Enter the password again',
    inviteCode: 'Invitation code',
    invitePlaceholderOptional: 'Optional',
    invitePlaceholderRequired: 'Enter your invitation code',
    agreePrefix: 'I have read and agree to the',
    agreement: 'User agreement',
    submit: 'Register',
    haveAccount: 'Already have an account?',
    toLogin: 'Log in',
  },
  risk: {
    title: 'Risk disclosure',
    intro:
      'Please read the following before you start trading. You can continue once you understand and accept these risks.',
    leverageTitle: 'Leveraged trading',
    leverage:
      'Leverage magnifies gains and losses alike. Margin = price × quantity ÷ leverage. When a position loses the configured share of its margin (80% by default) it is closed at market automatically; any loss beyond the margin is absorbed by the house, so you never lose more than the margin you committed.',
    marketTitle: 'Market risk',
    market:
      'Prices change all the time and can move sharply within minutes. Returns shown for copy-trading products are historical, computed from real fills; they are not a forecast and nothing is guaranteed.',
    productsTitle: 'New shares, block trades and day trading',
    products:
      'Funds for an IPO subscription are frozen when you apply and allocated by a reproducible lottery; unallocated funds are released. Block-trade and day-trading applications are reviewed, and the funds stay frozen until the review ends.',
    demoTitle: 'Simulated market',
    demo: 'In this demo every price comes from a simulated market and is labelled "Simulated". Results in the simulation say nothing about a real market.',
    securityTitle: 'Account security',
    security:
      'Keep your login and fund passwords private. Every password is one you set yourself; our staff will never ask you for it.',
    agree: 'I have read and understood these risks',
    accept: 'Accept and continue',
    decline: 'Not now, log out',
  },
};
