// Prepared statements for the list queries whose SQL text depends on a request's filters and
// sorts. A shape (one SQL text, values as placeholders) is built once per database handle: later
// requests of that shape neither rebuild its SQL in drizzle nor, on PostgreSQL, plan it again
// (each connection keeps a named statement's plan).
import { createHash } from "node:crypto";
import type { Database } from "./client";

/** At most this many shapes are kept: order[…] can be repeated, so shapes are unbounded. */
export const MAX_SHAPES = 200;
const shapes = new WeakMap<Database, Map<string, unknown>>();

/** The statement name of a shape: the same key always names the same SQL text. */
export function statementName(key: string): string {
  return `s_${createHash("sha1").update(key).digest("hex").slice(0, 20)}`;
}

/**
 * The statements `prepare` builds for `key` (named after it), kept per database handle. Once
 * `MAX_SHAPES` are known a new shape is built for this request alone, unnamed.
 */
export function preparedShape<T>(db: Database, key: string, prepare: (name: string) => T): T {
  let known = shapes.get(db);
  if (!known) shapes.set(db, (known = new Map()));
  if (known.has(key)) return known.get(key) as T;
  if (known.size >= MAX_SHAPES) return prepare("");
  const statements = prepare(statementName(key));
  known.set(key, statements);
  return statements;
}
