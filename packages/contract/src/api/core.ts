import { z } from 'zod';
import { CURRENCIES, KYC_STATES, LANGUAGES, MARKETS } from '../enums';
import { zFlag, zId, zMoney, zPage, zPaged, zPassword, zSize, zTime } from '../envelope';
import { password, text } from '../fields';
import { zMessageTemplate } from '../messages';
import { defineCall, withType } from './define';

const zAccountName = z.lazy(() => text({ min: 1, max: 40 }));
/** A new password and its repeat (SPEC §6.1). */
const zNewPassword = z.lazy(() => password(6, 64));
const zRepeat = z.lazy(() => password(0, 64));

export const configCall = defineCall({
  path: '/common/config',
  summary: 'Public configuration as name/value pairs (kefu, logo, title, limits, channels, …)',
  auth: false,
  request: () => z.object({ type: text({ max: 10 }).optional() }),
  response: () => z.array(z.object({ name: z.string(), value: z.string() })),
});

export const registerCall = defineCall({
  path: '/user/register',
  summary: 'Create an account (SPEC §6.1)',
  auth: false,
  request: () =>
    z.object({
      account: zAccountName,
      password: zNewPassword,
      repassword: zRepeat,
      invite_code: text({ max: 20 }).optional().default(''),
      agree: zFlag,
      language: z.enum(LANGUAGES).optional().default('jp'),
    }),
  response: () => z.object({ token: z.string(), account: z.string() }),
});

export const loginCall = defineCall({
  path: '/user/login',
  summary: 'Log in: a new session token on every login',
  auth: false,
  request: () => z.object({ account: zAccountName, password: zPassword }),
  response: () => z.object({ token: z.string(), account: z.string() }),
});

export const logoutCall = defineCall({
  path: '/user/logout',
  summary: 'End this session',
  auth: true,
  request: () => z.object({}),
  response: () => z.null(),
});

export const logoutAllCall = defineCall({
  path: '/user/logoutAll',
  summary: 'Log out of every device: every session of the user ends, this one included',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ ended: z.number().int() }),
});

export const SESSION_PLATFORMS = ['mobile', 'tablet', 'desktop'] as const;
export const zSession = z.lazy(() =>
  z.object({
    id: z.number(),
    /** Browser, system and model read from the User-Agent; null when it says nothing recognisable. */
    device: z.string().nullable(),
    platform: z.enum(SESSION_PLATFORMS).nullable(),
    /** The session this request came in. */
    current: z.boolean(),
    /** The client address that opened the session; null for sessions older than the record. */
    address: z.string().nullable(),
    createdAt: zTime,
    lastSeenAt: zTime,
  }),
);

export const sessionsCall = defineCall({
  path: '/user/sessions',
  summary: 'Active sessions of the user (device, last seen), the latest seen first',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ list: z.array(zSession) }),
});

export const sessionEndCall = defineCall({
  path: '/user/sessionEnd',
  summary: 'End one of the user’s own sessions (not_found for any other)',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => z.null(),
});

export const zFlags = z.lazy(() =>
  z.object({
    banned: z.boolean(),
    frozen: z.boolean(),
    tradeBarred: z.boolean(),
    reason: z.string().nullable(),
  }),
);

/** The seed's shape: for every currency c, `c` (available) and `c`+`yjed` (borrowed). */
export const userInfoShape = z.lazy(() =>
  z
    .object({
      id: z.number(),
      account: z.string(),
      status: z.number().describe('1 = normal, 0 = banned'),
      inviteCode: z.string(),
      kyc: z.enum(KYC_STATES),
      realName: z.string().nullable(),
      creditScore: z.number().nullable(),
      fundPasswordSet: z.boolean(),
      riskAccepted: z.boolean(),
      flags: zFlags,
      createdAt: zTime,
    })
    .catchall(z.union([z.string(), z.number(), z.boolean(), z.null(), zFlags])),
);

export const getUserinfoCall = defineCall({
  path: '/user/getUserinfo',
  summary: 'The user: account, status, per-currency available (c) and borrowed (c+yjed), kyc, flags',
  auth: true,
  request: () => withType({}),
  response: () => userInfoShape,
});

export const zMarketSummary = z.lazy(() =>
  z.object({
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    totalAssets: zMoney,
    positionValue: zMoney,
    available: zMoney,
    frozen: zMoney,
    frozenByPurpose: z.record(z.string(), zMoney),
    debt: zMoney,
    unrealisedPnl: zMoney,
    creditScore: z.number().nullable(),
    loanableQuota: zMoney,
    loanedQuota: zMoney,
  }),
);

export const summaryCall = defineCall({
  path: '/user/summary',
  summary: 'Account summary for the selected market (SPEC §4, §6.4): all figures from the ledger',
  auth: true,
  request: () => withType({}),
  response: () =>
    z.object({ account: z.string(), markets: z.array(zMarketSummary), current: zMarketSummary }),
});

export const acceptRiskCall = defineCall({
  path: '/user/acceptRisk',
  summary: 'Accept the risk disclosure shown after the first login',
  auth: true,
  request: () => z.object({ agree: zFlag }),
  response: () => z.null(),
});

/** A password change: the original, the new one and its repetition (login and fund passwords alike). */
const passwordChange = () =>
  z.object({
    old_password: zPassword,
    password: zNewPassword,
    repassword: zRepeat,
  });

export const changePasswordCall = defineCall({
  path: '/user/changePassword',
  summary: 'Change the login password (original required)',
  auth: true,
  request: passwordChange,
  response: () => z.null(),
});

export const setFundPasswordCall = defineCall({
  path: '/user/setFundPassword',
  summary: 'Set the fund password the first time',
  auth: true,
  request: () => z.object({ password: zNewPassword, repassword: zRepeat }),
  response: () => z.null(),
});

export const changeFundPasswordCall = defineCall({
  path: '/user/changeFundPassword',
  summary: 'Change the fund password (original required)',
  auth: true,
  request: passwordChange,
  response: () => z.null(),
});

export const FUND_RECORD_KINDS = ['transactions', 'deposits', 'withdrawals'] as const;
/** The user's own accounts a fund record can move (SPEC §0.2): cash, funds frozen for a purpose, debt. */
export const FUND_ACCOUNTS = ['available', 'frozen', 'debt'] as const;
export type FundAccount = (typeof FUND_ACCOUNTS)[number];
export const zFundMovement = z.object({
  account: z.enum(FUND_ACCOUNTS),
  purpose: z
    .string()
    .nullable()
    .describe(
      'what frozen funds are for (order, withdrawal, ipo, copy, block, daytrade, adjustment); null otherwise',
    ),
  change: zMoney.describe('signed change of the account; for debt, positive when more is owed'),
});
export const zFundRecord = z.lazy(() =>
  z.object({
    id: z.number(),
    kind: z.string().describe('ledger transaction kind, e.g. deposit, withdrawal, exchange, order_open'),
    orderNo: z.string(),
    currency: z.enum(CURRENCIES),
    amount: zMoney.describe(
      'signed change of available funds (deposits and withdrawals tabs: the amount asked)',
    ),
    frozenChange: zMoney.describe('signed change of frozen funds'),
    balanceAfter: zMoney.describe('available funds after this record'),
    movements: z
      .array(zFundMovement)
      .describe('every account of the user this record moved, from the ledger; empty when nothing moved'),
    state: z.string(),
    memo: z.string().nullable(),
    createdAt: zTime,
  }),
);

export const fundRecordsCall = defineCall({
  path: '/user/fundRecords',
  summary: 'Fund records: every ledger transaction of the user, newest first',
  auth: true,
  request: () =>
    withType({ kind: z.enum(FUND_RECORD_KINDS).default('transactions'), page: zPage, size: zSize }),
  response: () => zPaged(zFundRecord),
});

export const zMessage = z.lazy(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    body: z.string(),
    kind: z.string(),
    broadcast: z.boolean(),
    read: z.boolean(),
    createdAt: zTime,
    template: zMessageTemplate
      .nullable()
      .describe(
        'which message it is and its figures, for the app to format in the reader’s rules; null for an operator’s',
      ),
  }),
);

export const messageListCall = defineCall({
  path: '/user/messageList',
  summary: 'Site messages (own and broadcast), newest first',
  auth: true,
  request: () => z.object({ page: zPage, size: zSize }),
  response: () => zPaged(zMessage),
});

export const messageInfoCall = defineCall({
  path: '/user/messageInfo',
  summary: 'One message; marks it read',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => zMessage,
});

export const unreadCountCall = defineCall({
  path: '/user/unreadCount',
  summary: 'Unread message count for the bell',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ count: z.number().int() }),
});

export const coreCalls = {
  configCall,
  registerCall,
  loginCall,
  logoutCall,
  logoutAllCall,
  sessionsCall,
  sessionEndCall,
  getUserinfoCall,
  summaryCall,
  acceptRiskCall,
  changePasswordCall,
  setFundPasswordCall,
  changeFundPasswordCall,
  fundRecordsCall,
  messageListCall,
  messageInfoCall,
  unreadCountCall,
};
