import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * News carries its source in each language (`source_names`, `{cn, us, jp}`, null: the source is a
 * proper name the same in every language) and can be taken down (`unpublished_at`: investors no
 * longer see it; the back office keeps it with its audit trail). The demo's samples get their
 * source by language here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE news ADD COLUMN source_names JSONB;
     ALTER TABLE news ADD COLUMN unpublished_at TIMESTAMPTZ;
     UPDATE news SET source_names = '{"cn":"Kabuto（示例）","us":"Kabuto (sample)","jp":"Kabuto（サンプル）"}'
       WHERE sample AND source = 'Kabuto (sample)';`,
  );
}
