import type { AlertKind, AlertRepeat } from '@kabuto/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** NUMERIC values read back as strings and are written as decimal strings. */
type Numeric = string;

/** An investor's price alert on one stock (migration 0600, SPEC §13.3). */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  kind: AlertKind;
  /** A price (above / below) or a day change in percent (rise / fall). */
  value: Numeric;
  repeat: AlertRepeat;
  /** Whether it still watches: a `once` alert stops when it fires, until edited. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** Grows with each edit, so a fire belongs to one version of the rule. */
  generation: ColumnType<number, number | undefined, number>;
  created_at: Date;
  updated_at: Date;
  fired_at: Date | null;
  fired_price: Numeric | null;
}

/**
 * One fire of one version of an alert in one period (`once`, or the trading day of a `daily`
 * alert): the primary key is what makes a fire happen once across nodes.
 */
export interface AlertFiresTable {
  alert_id: number;
  generation: number;
  period: string;
  price: Numeric;
  fired_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    price_alerts: PriceAlertsTable;
    alert_fires: AlertFiresTable;
  }
}

export type AlertRow = Selectable<PriceAlertsTable>;
