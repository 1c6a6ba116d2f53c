// Reading API Platform payloads: collections in either Hydra prefix style, and violation lists.
import { z } from "zod";
import type { Violation } from "./errors";

export type Collection<T> = { member: T[]; totalItems: number };

const looseCollection = z
  .object({
    "hydra:member": z.array(z.unknown()).optional(),
    member: z.array(z.unknown()).optional(),
    "hydra:totalItems": z.number().optional(),
    totalItems: z.number().optional(),
  })
  .passthrough();

/** Accepts both `hydra:member`/`hydra:totalItems` (JSON-LD with prefix) and `member`/`totalItems`. */
export function parseCollection<T>(
  body: unknown,
  item: z.ZodType<T, z.ZodTypeDef, unknown>,
): Collection<T> {
  const c = looseCollection.parse(body);
  const member = z.array(item).parse(c["hydra:member"] ?? c.member ?? []);
  return { member, totalItems: c["hydra:totalItems"] ?? c.totalItems ?? member.length };
}

const violationList = z.object({
  violations: z.array(
    z.object({
      propertyPath: z.string().default(""),
      message: z.string(),
      code: z.string().nullish(),
    }),
  ),
});

/** Violations from a JSON-LD ConstraintViolationList or a problem+json body; [] when neither. */
export function parseViolations(body: unknown): Violation[] {
  const parsed = violationList.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.violations.map(({ propertyPath, message, code }) => ({
    propertyPath,
    message,
    ...(code ? { code } : {}),
  }));
}

/** The id at the end of an IRI such as `/api/adv/posts/12`. */
export function idFromIri(iri: string): number {
  return Number(iri.split("/").pop());
}
