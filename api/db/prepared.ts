// Named prepared statements for the list queries whose SQL text depends on a request's filters and
// sorts: on PostgreSQL each connection then plans a shape once instead of on every request.
import { createHash } from "node:crypto";

/** At most this many shapes get a name: order[…] can be repeated, so shapes are unbounded. */
const MAX_NAMED_SHAPES = 200;
const names = new Map<string, string>();

/** The statement name of a query's SQL text, or null once the known shapes are used up. */
export function statementName(sqlText: string): string | null {
  let name = names.get(sqlText);
  if (!name && names.size < MAX_NAMED_SHAPES) {
    name = `s_${createHash("sha1").update(sqlText).digest("hex").slice(0, 20)}`;
    names.set(sqlText, name);
  }
  return name ?? null;
}

interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
  execute(): Promise<R>;
}

/** Runs a built query as a named prepared statement (PGlite ignores the name: same result). */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  const name = statementName(query.toSQL().sql);
  return name ? query.prepare(name).execute() : query.execute();
}
