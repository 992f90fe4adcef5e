import pg from 'pg';

/**
 * Ends every connection a client named `applicationName` holds on the PostgreSQL server at
 * `url`, as a database restart or an idle-connection reaper would; returns how many it ended.
 */
export async function terminateConnections(url: string, applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
