import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Position ids are handed out in blocks: each node takes a block of POSITION_ID_BLOCK ids with
 * one `nextval` and numbers its orders from it, so placing an order costs no round trip for its
 * id. A row inserted with the column default takes a whole block, so ids never collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER SEQUENCE positions_id_seq INCREMENT BY 100`);
}
