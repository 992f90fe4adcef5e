import { Redis } from 'ioredis';
import { buildApp } from './app';
import { TravelClock } from './clock';
import { loadConfig, randomPassword } from './config';
import { openDatabase } from './db/database';
import { ensureFirstOperator } from './modules/admin/auth';

/** Listens and shuts down gracefully (CONVENTIONS §4: app.ts builds, main.ts listens). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, thread: true });
  const { app, ctx } = await buildApp({
    config,
    database,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    seed: true,
    // Only a node started for the browser journeys can have its clock moved (config `clockTravel`).
    ...(config.clockTravel ? { clock: new TravelClock() } : {}),
    background: true,
    // Rate-limit counters shared by every node when Redis is configured.
    ...(config.redisUrl ? { rateLimitRedis: new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) } : {}),
  });

  // Lost connections are survived, not fatal (docs/operations.md "Database connections").
  database.watch((event) => {
    if (event.kind === 'down') app.log.error({ err: event.error }, 'database connection lost; reconnecting');
    else if (event.kind === 'up')
      app.log.info({ downForMs: event.downForMs }, 'database connection restored');
    else app.log.debug({ err: event.error }, 'database connection fault');
  });

  if (!config.totpKeyConfigured)
    app.log.warn('TOTP_ENCRYPTION_KEY is not set: authenticator secrets are sealed with the demo key');

  const generated = config.adminPassword ? null : randomPassword();
  if (await ensureFirstOperator(ctx, config.adminPassword ?? generated!)) {
    if (generated) {
      // SPEC §11: printed once, on the first start only.
      process.stdout.write(`\nBack-office operator created: username "admin", password "${generated}"\n\n`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Kabuto on http://localhost:${config.port} (database: ${database.kind}, market hours: ${config.marketHours})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
