import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from './context';

/** The modules of the server (modules/index.ts); each is a Fastify plugin of that name. */
export type ModuleName =
  | 'system'
  | 'jobs'
  | 'market'
  | 'news'
  | 'users'
  | 'messages'
  | 'notify'
  | 'admin'
  | 'clock'
  | 'reviews'
  | 'identity'
  | 'money'
  | 'loans'
  | 'daytrade'
  | 'trading'
  | 'block'
  | 'ipo'
  | 'copy'
  | 'backoffice'
  | 'alerts';

export type Module = ReturnType<typeof defineModule>;

/**
 * A feature module as a Fastify plugin (fastify-plugin, so its decorators — its ports — are
 * visible to the modules registered after it). `dependencies` names the modules whose ports it
 * uses: registering it without them fails at start, never later at a call.
 */
export function defineModule(
  meta: { name: ModuleName; dependencies: ModuleName[] },
  register: (app: FastifyInstance, ctx: AppContext) => Promise<void> | void,
) {
  return fp(async (app: FastifyInstance) => register(app, app.platform), {
    name: meta.name,
    dependencies: meta.dependencies,
    fastify: '5.x',
  });
}
