import type { FileService } from './storage/files';

/**
 * The ports modules offer one another: small named interfaces, each decorated on the Fastify
 * instance by the module that provides it (fastify-plugin makes a module's decorators visible to
 * the modules registered after it) and reached only by modules that list the provider in their
 * `dependencies` (module.ts). A port's type is declared by its provider in the module's port
 * file (`modules/<m>/port.ts`, the one file of a module others may import; the wall in
 * biome.json). This file is the map of who offers what.
 *
 *   platform        buildApp      config, clock, database, sessions, log (context.ts)
 *   metrics         system        Prometheus registry
 *   jobs            jobs          named scheduled jobs (jobs/runner.ts)
 *   market          market        instruments, quotes, bars, FX (market/types.ts MarketService)
 *   marketData      market        the market's concrete parts: charts, quote stream, feed
 *   accounts        users         valuations and fund-record sources other modules add
 *   admin           admin         operator authentication and the audit log
 *   reviewQueue     reviews       the one review queue (modules/reviews/queue.ts)
 *   files           identity      stored images (ID photos, receipts)
 *   openPositions   trading       how many positions a user has open (withdrawal refusals)
 *   trading         trading       the matching engine
 *   copyTrading     copy          the copy-trading fan-out (tests wait on it)
 *   notify          notify        the notifier and the VAPID public key (SPEC §13.3)
 *   alerts          alerts        the price-alert watcher (SPEC §13.3; tests wait on it)
 */
declare module 'fastify' {
  interface FastifyInstance {
    platform: import('./context').AppContext;
    metrics: import('prom-client').Registry;
    jobs: import('./jobs/runner').JobRunner;
    market: import('./market/types').MarketService;
    marketData: import('./modules/market/port').MarketData;
    accounts: import('./modules/users/port').AccountsPort;
    admin: import('./modules/admin/port').AdminPort;
    reviewQueue: import('./modules/reviews/port').ReviewQueue;
    files: FileService;
    openPositions: import('./modules/trading/port').OpenPositionsPort;
    trading: import('./modules/trading/port').TradingPort;
    copyTrading: import('./modules/copy/port').CopyPort;
    notify: import('./modules/notify/port').NotifyPort;
    alerts: import('./modules/alerts/port').AlertsPort;
  }
}
