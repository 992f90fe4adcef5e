/**
 * The PostgreSQL database of the tests that need one on every run (several nodes on one database,
 * connections ended by the server): the PostgreSQL run's own, or on the embedded run a database of
 * its own (KABUTO_TEST_PG_URL, set by scripts/test.mjs) so that both runs can go at once without
 * meeting in one database's advisory locks (the feed leader, the jobs).
 */
export const POSTGRES_URL =
  process.env.KABUTO_TEST_DATABASE_URL ||
  process.env.KABUTO_TEST_PG_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
