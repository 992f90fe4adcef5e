import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_core';
import * as m0002 from './0002_ledger_post';
import * as m0003 from './0003_postings_without_foreign_keys';
import * as m0004 from './0004_ledger_post_concurrent_open';
import * as m0005 from './0005_jobs';
import * as m0010 from './0010_secrets_and_sessions';
import * as m0011 from './0011_sign_in_security';
import * as m0020 from './0020_message_templates';
import * as m0100 from './0100_market';
import * as m0101 from './0101_news';
import * as m0200 from './0200_money_identity';
import * as m0201 from './0201_reviews_holds';
import * as m0210 from './0210_loans';
import * as m0300 from './0300_trading';
import * as m0301 from './0301_position_id_blocks';
import * as m0310 from './0310_trigger_orders';
import * as m0400 from './0400_ipo';
import * as m0401 from './0401_ipo_applied_lots';
import * as m0410 from './0410_block';
import * as m0420 from './0420_copy';
import * as m0430 from './0430_daytrade';
import * as m0500 from './0500_backoffice';
import * as m0501 from './0501_operator_idle';
import * as m0502 from './0502_names_by_language';
import * as m0503 from './0503_news_source_and_unpublish';
import * as m0504 from './0504_reason_template';
import * as m0600 from './0600_alerts_notifications';

/**
 * Forward-only numbered migrations, run at start on PGlite and PostgreSQL alike.
 * Numbers by area: 00xx core, 01xx market, 02xx money, 03xx trading, 04xx products, 05xx back office. A database
 * made before a lower-numbered migration existed runs it later (`allowUnorderedMigrations`), so an
 * area can add one without renumbering the others.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_ledger_post': m0002,
  '0003_postings_without_foreign_keys': m0003,
  '0004_ledger_post_concurrent_open': m0004,
  '0005_jobs': m0005,
  '0010_secrets_and_sessions': m0010,
  '0011_sign_in_security': m0011,
  '0020_message_templates': m0020,
  '0100_market': m0100,
  '0101_news': m0101,
  '0200_money_identity': m0200,
  '0201_reviews_holds': m0201,
  '0210_loans': m0210,
  '0300_trading': m0300,
  '0301_position_id_blocks': m0301,
  '0310_trigger_orders': m0310,
  '0410_block': m0410,
  '0400_ipo': m0400,
  '0401_ipo_applied_lots': m0401,
  '0420_copy': m0420,
  '0430_daytrade': m0430,
  '0500_backoffice': m0500,
  '0501_operator_idle': m0501,
  '0502_names_by_language': m0502,
  '0503_news_source_and_unpublish': m0503,
  '0504_reason_template': m0504,
  '0600_alerts_notifications': m0600,
};
