import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/** News (SPEC §6.6): each article in the three languages; samples are flagged as such. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE news (
      id BIGSERIAL PRIMARY KEY,
      title JSONB NOT NULL,
      summary JSONB NOT NULL,
      body JSONB NOT NULL,
      source TEXT NOT NULL,
      sample BOOLEAN NOT NULL DEFAULT FALSE,
      codes TEXT[] NOT NULL DEFAULT '{}',
      views BIGINT NOT NULL DEFAULT 0,
      published_at TIMESTAMPTZ NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX news_published ON news(published_at DESC, id DESC);
    `,
  );
}
