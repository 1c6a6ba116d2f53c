// Throw-away databases on the test cluster (TEST_DATABASE_URL, started by npm test), for the tests
// that prove behaviour on real PostgreSQL.
import pg from "pg";

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's). */
export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the cluster of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a test database once its connections are gone. A pool's end() resolves before the server
 * has seen every connection close; "with (force)" would kill those sockets and their FATAL would
 * surface as an unhandled error in the test run, so this waits for them instead.
 */
export async function dropTestDatabase(serverUrl: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === "55006";
      if (!inUse || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
