import { type Kysely, sql } from 'kysely';

/**
 * Runs a migration's SQL one statement at a time: the embedded driver uses the extended
 * protocol, which takes a single statement per query. Statements are separated by a semicolon at
 * the end of a line.
 */
export async function runStatements(db: Kysely<unknown>, text: string): Promise<void> {
  const statements = text
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
