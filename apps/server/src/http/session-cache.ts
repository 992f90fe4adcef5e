import { performance } from 'node:perf_hooks';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { User } from './auth';

/** What `authenticate` knows about a signed-in request's session. */
export interface CachedSession {
  user: User;
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/** Bound on cached sessions per node; the oldest is dropped first. */
const MAX_ENTRIES = 50_000;

/**
 * Sessions read by `authenticate`, kept for a short while per node so a signed-in call does not
 * read its session and account again on every request (ARCHITECTURE "Scale-out": nodes stay
 * stateless — this is a cache of database rows, never the only copy).
 *
 * Writes through this node are seen at once: the `plugin` watches every update and delete of
 * `users` and `sessions` made through the application's database handle and drops the affected
 * entries (by user id or session id when the statement names one, otherwise all of them). For
 * `ttlMs` after such a write the affected sessions are not cached again, so a read made before
 * the writing transaction commits cannot put the old row back. A write made through another node
 * is seen here within `ttlMs`, when the entry expires.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Until when (monotonic ms) sessions of a user, or all sessions (key 0), are not cached. */
  private readonly quietUntil = new Map<number, number>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (this.ttlMs <= 0) return;
    const now = this.now();
    for (const key of [0, session.user.id]) {
      const until = this.quietUntil.get(key);
      if (until === undefined) continue;
      if (now < until) return;
      this.quietUntil.delete(key);
    }
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, cachedAt: now });
  }

  /** Drops the sessions of one user (null: of every user) and keeps them out for `ttlMs`. */
  forgetUser(userId: number | null): void {
    this.quietUntil.set(userId ?? 0, this.now() + this.ttlMs);
    if (userId === null) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** Drops one session (null: every session) and keeps its user's sessions out for `ttlMs`. */
  forgetSession(sessionId: number | null): void {
    if (sessionId === null) {
      this.forgetUser(null);
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.sessionId !== sessionId) continue;
      this.entries.delete(key);
      this.quietUntil.set(entry.user.id, this.now() + this.ttlMs);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** A Kysely plugin that forgets what an update or delete of `users` or `sessions` changes. */
  plugin(): KyselyPlugin {
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        const node = args.node;
        if (node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
          const table = tableOf(node.kind === 'UpdateQueryNode' ? node.table : node.from?.froms[0]);
          if (table === 'users') this.forgetUser(equalityOn(node.where?.where, 'id'));
          else if (table === 'sessions') {
            const userId = equalityOn(node.where?.where, 'user_id');
            if (userId !== null) this.forgetUser(userId);
            else this.forgetSession(equalityOn(node.where?.where, 'id'));
          }
        }
        return node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
        args.result,
    };
  }
}

function tableOf(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return null;
}

/**
 * The value a where clause pins `column` to (`column = value`, alone or within ANDs), or null
 * when it does not pin it to a single number.
 */
function equalityOn(node: OperationNode | undefined, column: string): number | null {
  if (!node) return null;
  if (node.kind === 'AndNode') {
    const { left, right } = node as unknown as { left: OperationNode; right: OperationNode };
    return equalityOn(left, column) ?? equalityOn(right, column);
  }
  if (node.kind === 'ParensNode')
    return equalityOn((node as unknown as { node: OperationNode }).node, column);
  if (node.kind !== 'BinaryOperationNode') return null;
  const { leftOperand, operator, rightOperand } = node as unknown as {
    leftOperand: OperationNode;
    operator: { operator?: string };
    rightOperand: OperationNode;
  };
  if (operator.operator !== '=' || leftOperand.kind !== 'ReferenceNode' || rightOperand.kind !== 'ValueNode')
    return null;
  const ref = leftOperand as unknown as { column: { kind: string; column?: { name: string } } };
  if (ref.column.kind !== 'ColumnNode' || ref.column.column?.name !== column) return null;
  const value = (rightOperand as unknown as { value: unknown }).value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}
