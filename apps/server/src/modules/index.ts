import type { Feature } from '../context';
import { adminFeature } from './admin/routes';
import { identityFeature } from './identity/routes';
import { marketFeature } from './market/routes';
import { messagesFeature } from './messages/routes';
import { moneyFeature } from './money/routes';
import { newsFeature } from './news/routes';
import { systemFeature } from './system/routes';
import { tradingFeature } from './trading/routes';
import { usersFeature } from './users/routes';

/** Feature modules in init order: later ones may use services of earlier ones. */
export const features: Feature[] = [
  systemFeature,
  marketFeature,
  newsFeature,
  usersFeature,
  messagesFeature,
  adminFeature,
  identityFeature,
  moneyFeature,
  tradingFeature,
];
