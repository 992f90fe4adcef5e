import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Alerts and notifications that reach the phone (SPEC §13.3).
 *
 * - `price_alerts`: an investor's alert on one stock. `generation` grows with each edit, so a
 *   fire belongs to one version of the rule.
 * - `alert_fires`: the one row a fire is (primary key: the alert, its generation and, for a daily
 *   alert, the market's trading day). Every node evaluates ticks; only the node whose INSERT
 *   wins writes the message, so an alert fires once across nodes.
 * - `push_subscriptions`: one row per device endpoint; endpoints the push service calls gone
 *   (404/410) are deleted.
 * - `notify_settings`: the kinds an investor turned off (absent: everything on).
 * - `messages.pushed_at`: when the notifier claimed a message for live and push delivery, so a
 *   message is pushed once however many nodes run the notifier.
 * - `server_keys`: keys the server made itself on first start (the VAPID pair).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE price_alerts (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      code TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'rise', 'fall')),
      value NUMERIC(24, 6) NOT NULL CHECK (value > 0),
      repeat TEXT NOT NULL CHECK (repeat IN ('once', 'daily')),
      active BOOLEAN NOT NULL DEFAULT true,
      generation INTEGER NOT NULL DEFAULT 1,
      created_at TIMESTAMPTZ NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL,
      fired_at TIMESTAMPTZ,
      fired_price NUMERIC(24, 6)
    );
    CREATE INDEX price_alerts_user ON price_alerts(user_id, id);
    CREATE INDEX price_alerts_updated ON price_alerts(updated_at, id);
    CREATE TABLE alert_fires (
      alert_id BIGINT NOT NULL REFERENCES price_alerts(id) ON DELETE CASCADE,
      generation INTEGER NOT NULL,
      period TEXT NOT NULL,
      price NUMERIC(24, 6) NOT NULL,
      fired_at TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (alert_id, generation, period)
    );
    CREATE TABLE push_subscriptions (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      endpoint TEXT NOT NULL UNIQUE,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      user_agent TEXT,
      created_at TIMESTAMPTZ NOT NULL,
      last_sent_at TIMESTAMPTZ,
      failures INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
    CREATE TABLE notify_settings (
      user_id BIGINT PRIMARY KEY REFERENCES users(id),
      off TEXT[] NOT NULL DEFAULT '{}',
      updated_at TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE server_keys (
      name TEXT PRIMARY KEY,
      value JSONB NOT NULL,
      created_at TIMESTAMPTZ NOT NULL
    );
    ALTER TABLE messages ADD COLUMN pushed_at TIMESTAMPTZ;
    UPDATE messages SET pushed_at = created_at;
    CREATE INDEX messages_unpushed ON messages(id) WHERE pushed_at IS NULL AND user_id IS NOT NULL
  `,
  );
}
