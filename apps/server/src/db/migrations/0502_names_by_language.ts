import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Names shown to investors in their language (SPEC §1: every text in cn, us and jp): a copy
 * leader's and product's name, a new share's issue market and lead underwriter, each a
 * `{cn, us, jp}` map beside the one-language text the back office keys and audits by. Null means
 * the text is a proper name the same in every language. The demo's shares get theirs here (the
 * demo's leaders and products at the next start, by the copy module's seed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE copy_leaders ADD COLUMN names JSONB;
     ALTER TABLE copy_products ADD COLUMN names JSONB;
     ALTER TABLE new_shares ADD COLUMN issue_market_names JSONB;
     ALTER TABLE new_shares ADD COLUMN lead_underwriter_names JSONB;
     UPDATE new_shares SET issue_market_names = '{"cn":"东证成长板","us":"TSE Growth","jp":"東証グロース"}'
       WHERE issue_market = 'TSE Growth';
     UPDATE new_shares SET issue_market_names = '{"cn":"深交所创业板","us":"SZSE ChiNext","jp":"深セン創業板"}'
       WHERE issue_market = 'SZSE ChiNext';
     UPDATE new_shares
       SET lead_underwriter_names = '{"cn":"Kabuto 证券（样本）","us":"Kabuto Securities (sample)","jp":"Kabuto 証券（サンプル）"}'
       WHERE lead_underwriter = 'Kabuto Securities (sample)';`,
  );
}
