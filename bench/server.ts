import { dropSchema, ensureDatabase } from './pg';

/**
 * A bench's own app on a fresh database, ready but not listening: PostgreSQL (`pgUrl`, the schema
 * dropped first) or the embedded database in its own thread, as the server runs it; markets and
 * fund windows always open.
 */
export async function benchServer(options: {
  postgres: boolean;
  pgUrl: string;
  schema: string;
  marketCodes: string[];
  dataDir: string;
  /** Settings beside the benches' own (e.g. a loopback push service's origin). */
  config?: Record<string, unknown>;
}) {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase } = await import('../apps/server/src/db/database');
  const schema = options.postgres ? options.schema : undefined;
  if (schema) {
    await ensureDatabase(options.pgUrl);
    await dropSchema(options.pgUrl, schema);
  }
  const database = await openDatabase({
    url: options.postgres ? options.pgUrl : null,
    schema,
    poolSize: 20,
    thread: true,
  });
  const config = loadConfig(
    {},
    {
      marketHours: 'always',
      fundHours: 'always',
      marketCodes: options.marketCodes,
      dataDir: options.dataDir,
      ...options.config,
    },
  );
  const { app, ctx } = await buildApp({ config, database, schema, serveStatic: false });
  await app.ready();
  return { app, ctx, database, schema };
}

/** A `users` row for the benches' bulk setup: no password to sign in with, nothing else set. */
export const benchUser = (
  account: string,
  inviteCode: string,
  language: 'cn' | 'us' | 'jp',
  createdAt: Date,
) => ({
  account,
  password_hash: 'x',
  fund_password_hash: null,
  invite_code: inviteCode,
  invited_by: null,
  language,
  real_name: null,
  credit_score: null,
  flag_reason: null,
  locked_until: null,
  fund_locked_until: null,
  created_at: createdAt,
});
