// @vitest-environment node
// Migration 0011 (mail becomes a job kind, ADR 0007): a database from before it keeps every unsent
// mail due with the attempts and the last error it had, now on the mail's job; a sent mail gets no
// job, so it is never sent again.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrationsFolder } from "./client";

let client: PGlite;

/** Runs one migration file as drizzle's migrator does: statement by statement. */
async function apply(file: string) {
  const text = await readFile(path.join(migrationsFolder, file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await client.exec(statement);
  }
}

beforeAll(async () => {
  client = await PGlite.create();
  const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith(".sql")).sort();
  for (const file of files.filter((f) => f < "0011")) await apply(file);
  await client.exec(`
    insert into mail_outbox (to_address, subject, body, created_at, sent_at, attempts, next_attempt_at, last_error)
    values
      ('sent@example.com', '送信済み', '本文', '2025-06-01T00:00:00Z', '2025-06-01T00:01:00Z', 1, '2025-06-01T00:10:00Z', null),
      ('waiting@example.com', '再送待ち', '本文', '2025-06-02T00:00:00Z', null, 3, '2025-06-02T04:00:00Z', '550 Mailbox unavailable');
  `);
  await apply(files.find((f) => f.startsWith("0011"))!);
});
afterAll(() => client.close());

test("an unsent mail keeps its attempts, next try and last error on its new mail job", async () => {
  const { rows } = await client.query<{
    kind: string;
    dedupe_key: string;
    payload: { mailId: number };
    run_at: Date;
    attempts: number;
    last_error: string | null;
    done_at: Date | null;
    to_address: string;
  }>(
    `select j.*, m.to_address from jobs j
     join mail_outbox m on m.id = (j.payload->>'mailId')::int order by j.id`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    kind: "mail",
    to_address: "waiting@example.com",
    attempts: 3,
    last_error: "550 Mailbox unavailable",
    done_at: null,
  });
  expect(rows[0]!.dedupe_key).toBe(`mail:${rows[0]!.payload.mailId}`);
  expect(rows[0]!.run_at.toISOString()).toBe("2025-06-02T04:00:00.000Z");
});

test("the outbox keeps its mails, without the columns the job now carries", async () => {
  const { rows } = await client.query<Record<string, unknown>>(
    "select * from mail_outbox order by id",
  );
  expect(rows.map((r) => r.subject)).toEqual(["送信済み", "再送待ち"]);
  expect(Object.keys(rows[0]!).sort()).toEqual(
    ["body", "created_at", "id", "sent_at", "subject", "to_address"].sort(),
  );
});
