// Relations as API Platform writes them: embedded when the relation is in the serialization group,
// else a bare IRI string (issue 16). Every relation field of the upstream schemas goes through
// `relation()`, so a bare IRI never fails the parse; a screen that needs the referenced resource
// asks `resolve()` for it, which GETs it through the client's per-request memo.
import { z } from "zod";
import type { UpstreamClient } from "./client";
import { UpstreamError, UpstreamUnavailableError } from "./errors";
import { idFromIri } from "./hydra";

/** What a bare IRI tells: the address, and the id at its end. */
export type Reference = { "@id": string; id: number };

/** A relation as parsed: the full resource when embedded, only its reference when not. */
export type Related<T> = T | (Reference & Partial<T>);

// The references made from bare IRIs. A WeakSet rather than a flag on the object: the parsed value
// keeps the resource's own shape, and nothing of this reaches a loader's JSON.
const bareReferences = new WeakSet<object>();

/** Whether this value came from a bare IRI (so it holds only `@id` and `id`). */
export const isBareReference = (value: object) => bareReferences.has(value);

function derivedId(value: unknown) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return typeof record["@id"] === "string" && record.id === undefined
    ? { ...record, id: idFromIri(record["@id"]) }
    : value;
}

/**
 * A resource whose `id` may be left out (SPEC §3 lists a prefecture as `name, @id`; API Platform
 * writes `id` only when it is an exposed property): the id at the end of `@id` then stands in.
 */
export function identified<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(derivedId, schema) as z.ZodType<z.output<T>, z.ZodTypeDef, unknown>;
}

/** A relation: the embedded resource (parsed by `schema`), or a bare IRI string. */
export function relation<T extends z.ZodTypeAny>(schema: T) {
  const bare = z
    .string()
    .min(1)
    .transform((iri): Reference & Partial<z.output<T>> => {
      const reference = { "@id": iri, id: idFromIri(iri) };
      bareReferences.add(reference);
      return reference as Reference & Partial<z.output<T>>;
    });
  // The embedded form first: a failing branch builds its issue, and answers embed far more
  // often than not (a page of 300 rows paid a failed string parse for each).
  return z.union([identified(schema), bare]) as z.ZodType<
    Related<z.output<T>>,
    z.ZodTypeDef,
    unknown
  >;
}

/**
 * `relation()` for a bulk list (a month of sales, 100,000 rows): the embedded resource is tried
 * as it is first, since zod's preprocess and a failing union branch cost some twenty times a plain
 * object's parse. `schema` must require `id`, so this first try never differs from `relation()`.
 */
export function bulkRelation<T extends z.ZodTypeAny>(schema: T) {
  return z.union([schema, relation(schema)]) as z.ZodType<
    Related<z.output<T>>,
    z.ZodTypeDef,
    unknown
  >;
}

/** The token goes only to the upstream's own paths: never to an IRI naming another host. */
function upstreamPath(iri: string): string {
  if (!iri.startsWith("/") || iri.startsWith("//")) throw new UpstreamUnavailableError(502, iri);
  return iri;
}

/**
 * The full resource of a relation the screen needs: as embedded, or fetched by its IRI (once per
 * request: the client memoizes GETs). `schema` is the one the relation was parsed with.
 */
export async function resolve<T>(
  api: UpstreamClient,
  value: Related<T>,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T>;
export async function resolve<T>(
  api: UpstreamClient,
  value: Related<T> | null | undefined,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T | null | undefined>;
export async function resolve<T>(
  api: UpstreamClient,
  value: Related<T> | null | undefined,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T | null | undefined> {
  if (value === null || value === undefined) return value;
  // Not bare: it passed `schema` when the relation was parsed.
  if (!isBareReference(value)) return value as T;
  return api.get(upstreamPath((value as Reference)["@id"]), schema);
}

/**
 * Like `resolve`, for what only adds to a screen (a region's name): when the upstream will not
 * give the resource (no item operation, no right to it), the screen goes on with the reference.
 */
export async function resolveIfAllowed<T>(
  api: UpstreamClient,
  value: Related<T> | null | undefined,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<Related<T> | null | undefined> {
  try {
    return await resolve(api, value, schema);
  } catch (error) {
    if (error instanceof UpstreamError && error.status >= 400 && error.status < 500) return value;
    throw error;
  }
}
