// A statement cache for PGlite, as JDBC drivers keep one (pgjdbc's prepareThreshold): PGlite
// parses and plans every query anew (it has no named statements over its protocol), and for the
// posts page planning cost three times what running it does (ADR 0013). A read seen a second time
// is PREPAREd once in PGlite's one session and then run by EXECUTE with its values as literals.
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import pg from "pg";

/** Statements kept prepared (never evicted: a request may be about to EXECUTE one). */
export const MAX_PREPARED = 100;
/** SQL texts counted while looking for a repeat; the count starts over beyond this. */
const MAX_COUNTED = 1_000;

/**
 * A value as a quoted literal of unknown type, which PostgreSQL reads with the parameter's type
 * just as it reads a text-format parameter; null when it has no safe literal form (not cached).
 */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return "NULL";
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "boolean" || typeof value === "bigint") text = String(value);
  else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
  else return null;
  // pg's escapeLiteral doubles quotes and backslashes (E'' form). A NUL would end the query text
  // inside PGlite: such a value goes the ordinary way, where PostgreSQL refuses it.
  return text.includes("\0") ? null : pg.escapeLiteral(text);
}

/** The EXECUTE text for these values, or null when one of them has no literal form. */
function executeText(name: string, params: unknown[]): string | null {
  if (params.length === 0) return `EXECUTE ${name}`;
  const literals: string[] = [];
  for (const value of params) {
    const text = literal(value);
    if (text === null) return null;
    literals.push(text);
  }
  return `EXECUTE ${name}(${literals.join(", ")})`;
}

const isRead = (sqlText: string) => /^\s*select\b/i.test(sqlText);

/**
 * `client` with a `query` that prepares repeated reads. Everything else (exec, transactions, whose
 * queries run on their own handle, close) is PGlite's own.
 */
export function withStatementCache(client: PGlite): PGlite {
  const seen = new Set<string>();
  // A text whose PREPARE failed keeps its null: it is not tried again.
  const prepared = new Map<string, Promise<string | null>>();

  function statementFor(sqlText: string): Promise<string | null> | null {
    const known = prepared.get(sqlText);
    if (known) return known;
    if (!seen.has(sqlText)) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.add(sqlText);
      return null;
    }
    if (prepared.size >= MAX_PREPARED) return null;
    const name = `pglite_s${prepared.size + 1}`;
    // One PREPARE per text, also when several requests meet it at once.
    const ready = client.query(`PREPARE ${name} AS ${sqlText}`).then(
      () => name,
      () => null,
    );
    prepared.set(sqlText, ready);
    return ready;
  }

  async function query<T>(
    sqlText: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const statement = isRead(sqlText) ? statementFor(sqlText) : null;
    if (statement) {
      const name = await statement;
      const text = name && executeText(name, params);
      if (text) return client.query<T>(text, [], options);
    }
    return client.query<T>(sqlText, params, options);
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
