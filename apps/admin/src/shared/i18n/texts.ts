import { auditTexts } from '../../features/audit/i18n';
import { authTexts } from '../../features/auth/i18n';
import { blockTexts } from '../../features/block/i18n';
import { contentTexts } from '../../features/content/i18n';
import { copyTexts } from '../../features/copy/i18n';
import { dashboardTexts } from '../../features/dashboard/i18n';
import { daytradeTexts } from '../../features/daytrade/i18n';
import { newsharesTexts } from '../../features/newshares/i18n';
import { notifyTexts } from '../../features/notify/i18n';
import { operatorsTexts } from '../../features/operators/i18n';
import { reviewsTexts } from '../../features/reviews/i18n';
import { settingsTexts } from '../../features/settings/i18n';
import { usersTexts } from '../../features/users/i18n';
import { cn } from './common/cn';
import { jp } from './common/jp';
import { us } from './common/us';

/** The shared pieces, then each feature's texts: one tree per language, read by `t('<area>.<key>')`. */
const PARTS = [
  { cn, us, jp },
  authTexts,
  dashboardTexts,
  reviewsTexts,
  daytradeTexts,
  blockTexts,
  usersTexts,
  newsharesTexts,
  copyTexts,
  contentTexts,
  notifyTexts,
  settingsTexts,
  auditTexts,
  operatorsTexts,
] as const;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;
/** A language's whole tree: every part's keys (English sets them; the others have the same shape). */
export type Texts = Intersection<(typeof PARTS)[number]['us']>;

const whole = (language: 'cn' | 'us' | 'jp') =>
  Object.assign({}, ...PARTS.map((part) => part[language])) as Texts;

/** The back office's texts in each language. */
export const TEXTS = { cn: whole('cn'), us: whole('us'), jp: whole('jp') };
