// A statement cache for PGlite, as JDBC drivers keep one (pgjdbc's prepareThreshold): PGlite
// parses and plans every query anew (it has no named statements over its protocol), and for the
// posts page planning cost three times what running it does (ADR 0013). A read seen a second time
// is PREPAREd once in PGlite's one session and then run by EXECUTE with its values as literals;
// a wide one answers each row as one text, read back into the fields it stands for.
import { types, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import pg from "pg";
import { recordFields } from "./record-text";

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

/** The columns of a read's answer, as its first ordinary run told them. */
type Columns = Results["fields"];
/** A prepared read: its name, and its columns when each of its rows comes as one record text. */
type Statement = { name: string; columns: Columns | null };

/**
 * Reads this wide or wider come back a row at a time as one text (`(r.*)::text`, record-text.ts):
 * PGlite decodes every field of an answer in JavaScript, copying each one's bytes first, which for
 * a page of ten posts (90 columns) cost twice what running its statement does (issue 32).
 */
export const RECORD_MIN_COLUMNS = 4;
/** A read that locks rows (FOR UPDATE, …) is prepared as it is: its lock belongs at the top. */
const LOCKS = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/**
 * `client` with a `query` that prepares repeated reads. Everything else (exec, transactions, whose
 * queries run on their own handle, close) is PGlite's own.
 */
export function withStatementCache(client: PGlite): PGlite {
  // Texts seen once, with their columns once that run answered.
  const seen = new Map<string, Columns | null>();
  // A text whose PREPARE failed keeps its null: it is not tried again.
  const prepared = new Map<string, Promise<Statement | null>>();

  function statementFor(sqlText: string): Promise<Statement | null> | null {
    const known = prepared.get(sqlText);
    if (known) return known;
    if (!seen.has(sqlText)) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(sqlText, null);
      return null;
    }
    if (prepared.size >= MAX_PREPARED) return null;
    const name = `pglite_s${prepared.size + 1}`;
    const seenColumns = seen.get(sqlText);
    const columns =
      seenColumns && seenColumns.length >= RECORD_MIN_COLUMNS && !LOCKS.test(sqlText)
        ? seenColumns
        : null;
    // A subquery keeps its rows' order: one with ORDER BY is run as it is, then read in order.
    const text = columns ? `select (r.*)::text from (${sqlText}) r` : sqlText;
    // One PREPARE per text, also when several requests meet it at once.
    const ready = client.query(`PREPARE ${name} AS ${text}`).then(
      () => ({ name, columns }),
      () => null,
    );
    prepared.set(sqlText, ready);
    return ready;
  }

  /** The rows of a record-text answer, as the ordinary query would have given them. */
  function fromRecords<T>(
    answer: Results<[string]>,
    columns: Columns,
    options?: QueryOptions,
  ): Results<T> {
    // As PGlite parses an answer: its own parsers (array types included), then the query's.
    const parsers = options?.parsers ? { ...client.parsers, ...options.parsers } : client.parsers;
    const rows = answer.rows.map(([text]) => {
      const values: unknown[] = recordFields(text, columns.length);
      for (let k = 0; k < columns.length; k++)
        values[k] = types.parseType(values[k] as string | null, columns[k]!.dataTypeID, parsers);
      if (options?.rowMode === "array") return values;
      return Object.fromEntries(columns.map((column, k) => [column.name, values[k]]));
    });
    return { ...answer, rows: rows as Results<T>["rows"], fields: columns };
  }

  async function query<T>(
    sqlText: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const read = isRead(sqlText);
    const statement = read ? statementFor(sqlText) : null;
    if (statement) {
      const ready = await statement;
      const text = ready && executeText(ready.name, params);
      if (text) {
        if (!ready.columns) return client.query<T>(text, [], options);
        const answer = await client.query<[string]>(text, [], { rowMode: "array" });
        return fromRecords<T>(answer, ready.columns, options);
      }
    }
    const result = await client.query<T>(sqlText, params, options);
    if (read && seen.get(sqlText) === null) seen.set(sqlText, result.fields);
    return result;
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
