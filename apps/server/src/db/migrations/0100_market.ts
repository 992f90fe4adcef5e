import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Market data (ARCHITECTURE "Market"): bars at 1 minute and 1 day with NUMERIC prices as the feed
 * wrote them, the corporate actions behind the adjustment modes, the feed's own state, and the
 * investors' watchlists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE market_bars_day (
      code TEXT NOT NULL,
      day DATE NOT NULL,
      open NUMERIC NOT NULL CHECK (open > 0),
      high NUMERIC NOT NULL,
      low NUMERIC NOT NULL CHECK (low > 0),
      close NUMERIC NOT NULL CHECK (close > 0),
      volume BIGINT NOT NULL CHECK (volume >= 0),
      turnover NUMERIC NOT NULL CHECK (turnover >= 0),
      PRIMARY KEY (code, day),
      CHECK (high >= low)
    );
    CREATE TABLE market_bars_1m (
      code TEXT NOT NULL,
      time TIMESTAMPTZ NOT NULL,
      open NUMERIC NOT NULL CHECK (open > 0),
      high NUMERIC NOT NULL,
      low NUMERIC NOT NULL CHECK (low > 0),
      close NUMERIC NOT NULL CHECK (close > 0),
      volume BIGINT NOT NULL CHECK (volume >= 0),
      turnover NUMERIC NOT NULL CHECK (turnover >= 0),
      PRIMARY KEY (code, time),
      CHECK (high >= low)
    );
    CREATE TABLE market_corporate_actions (
      code TEXT NOT NULL,
      ex_date DATE NOT NULL,
      split_ratio NUMERIC CHECK (split_ratio > 0),
      cash_dividend NUMERIC CHECK (cash_dividend >= 0),
      PRIMARY KEY (code, ex_date)
    );
    CREATE TABLE market_state (
      key TEXT PRIMARY KEY,
      value JSONB NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE watchlist (
      user_id BIGINT NOT NULL REFERENCES users(id),
      code TEXT NOT NULL,
      position INTEGER NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code)
    );
    CREATE INDEX watchlist_user_position ON watchlist(user_id, position);
    `,
  );
}
