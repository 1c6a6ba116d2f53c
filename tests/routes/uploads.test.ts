// The portal's upload path against bodies a probe sends: truncated multipart, a body that is not a
// form, chunked bodies without a length far over the cap, too many text fields, an image header
// with absurd dimensions. Each is refused with the status and text its caller expects, never a 500,
// and nothing over the cap is read whole.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mediaObjects } from "../../api/db/schema";
import { pngClaiming, tinyPng } from "../../api/testing/images";
import { startStack, type Stack } from "./stack";

let stack: Stack;
let cookie = "";

beforeAll(async () => {
  stack = await startStack();
  cookie = await stack.loginCookie("shop@example.com", "shop-password");
});
afterAll(async () => {
  await stack?.close();
});

const BOUNDARY = "----probe";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\n` +
  "Content-Type: image/png\r\n\r\n";

const post = (path: string, body: BodyInit, contentType: string) =>
  stack.fetch(path, {
    method: "POST",
    headers: { Origin: stack.base, Cookie: cookie, "Content-Type": contentType },
    body,
  });

type ChunkedResult = { status: number; body: string; sentAtAnswer: number; sentInAll: number };

/**
 * Posts `head` and then zeros, chunked with no Content-Length, up to `total` bytes or until the
 * server stops reading: `sentAtAnswer` bounds what the server read before it answered,
 * `sentInAll` what it took before it closed the connection.
 */
function postChunked(path: string, head: string, total: number) {
  return new Promise<ChunkedResult>((resolve, reject) => {
    const req = httpRequest(new URL(path, stack.base), {
      method: "POST",
      headers: { Origin: stack.base, Cookie: cookie, "Content-Type": MULTIPART },
    });
    let sent = 0;
    let sentAtAnswer = -1;
    let answer: { status: number; body: string } | undefined;
    let stopped = false;
    const settle = () => {
      if (answer && stopped) resolve({ ...answer, sentAtAnswer, sentInAll: sent });
    };
    req.on("response", (response) => {
      sentAtAnswer = sent;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        answer = { status: response.statusCode ?? 0, body };
        settle();
      });
    });
    // The server closing the connection once it has answered is what the test looks for.
    req.on("error", (error) => {
      stopped = true;
      if (sentAtAnswer < 0) reject(error);
      else settle();
    });
    for (const event of ["finish", "close"]) {
      req.on(event, () => {
        stopped = true;
        settle();
      });
    }
    const chunk = Buffer.alloc(64 * 1024);
    const write = () => {
      while (!stopped && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!stopped) req.end();
    };
    req.write(head);
    write();
  });
}

describe("the instant upload route", () => {
  it("answers a body that is not a form with 415 and a message its script shows", async () => {
    const png = new Uint8Array(tinyPng(40, 30));
    const response = await post("/uploads", png, "application/octet-stream");
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      ok: false,
      message: "アップロードに失敗しました。ファイルを選択してください。",
    });
  });

  it("answers a truncated multipart body with 400 in JSON", async () => {
    const truncated = fileHead("file") + "\x89PNG\r\n";
    const response = await post("/uploads", truncated, MULTIPART);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      message:
        "アップロードに失敗しました。送信内容を読み取れませんでした。もう一度お試しください。",
    });
  });

  it("stops reading a chunked body without a length at the cap and answers 413", async () => {
    const total = 96 * 1024 * 1024;
    const result = await postChunked("/uploads", fileHead("file"), total);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      ok: false,
      message: "アップロードに失敗しました。ファイルサイズは10MB以下にしてください。",
    });
    // The cap is 11 MB; socket buffers may hold a few more, never the whole body.
    expect(result.sentAtAnswer).toBeLessThan(32 * 1024 * 1024);
    // After answering, at most 16 MB more are read and dropped, then the connection is closed.
    expect(result.sentInAll).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a declared length over the cap before reading", async () => {
    const big = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(new URL("/uploads", stack.base), {
        method: "POST",
        headers: {
          Origin: stack.base,
          Cookie: cookie,
          "Content-Type": MULTIPART,
          "Content-Length": String(50 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", reject);
      req.write(fileHead("file")); // and nothing more: the answer must not wait for the body
    });
    expect(big).toBe(413);
  });

  it("reads a body whose closing boundary's CRLF arrives in a chunk of its own", async () => {
    // What follows the closing boundary is ignored (RFC 2046), however the network cuts it.
    const parts = [
      fileHead("file"),
      new Uint8Array(tinyPng(40, 30)),
      `\r\n--${BOUNDARY}--`,
      "\r\n",
    ];
    const chunks = parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = chunks.shift();
        if (!chunk) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(chunk);
      },
    });
    const response = await stack.fetch("/uploads", {
      method: "POST",
      headers: { Origin: stack.base, Cookie: cookie, "Content-Type": MULTIPART },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
  });

  it("sends no file from a field that takes none", async () => {
    const before = (await stack.db.select().from(mediaObjects)).length;
    const body = new FormData();
    body.set("photo", new Blob([new Uint8Array(tinyPng(40, 30))], { type: "image/png" }), "a.png");
    const response = await stack.fetch("/uploads", {
      method: "POST",
      headers: { Origin: stack.base, Cookie: cookie },
      body,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      ok: false,
      message: "アップロードに失敗しました。ファイルを選択してください。",
    });
    expect(await stack.db.select().from(mediaObjects)).toHaveLength(before);
  });

  it("answers an image header claiming 4294967295 pixels wide as the field's refusal", async () => {
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array(pngClaiming(4294967295, 1))]), "wide.png");
    const response = await stack.fetch("/uploads", {
      method: "POST",
      headers: { Origin: stack.base, Cookie: cookie },
      body,
    });
    expect(response.status).toBe(422);
    const result = (await response.json()) as { ok: boolean; message: string };
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^アップロードに失敗しました。/);
  });
});

describe("the ad form", () => {
  it("answers a truncated multipart body with the 400 page", async () => {
    const truncated = field("title", "冬の限定ラテ") + fileHead("image1File") + "\x89PNG\r\n";
    const response = await post("/advertiser/advertisements/new", truncated, MULTIPART);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("送信内容を読み取れませんでした");
  });

  it("stops reading a chunked body without a length at the cap and answers 413", async () => {
    const head = field("title", "冬の限定ラテ") + fileHead("image1File");
    const total = 160 * 1024 * 1024;
    const result = await postChunked("/advertiser/advertisements/new", head, total);
    expect(result.status).toBe(413);
    expect(result.body).toContain("送信内容が大きすぎます");
    // The form's cap is 51 MB (five images and the text).
    expect(result.sentAtAnswer).toBeLessThan(80 * 1024 * 1024);
    expect(result.sentInAll).toBeLessThan(total);
  });

  it("refuses text fields beyond 1 MB in all (they are held in memory) with 413", async () => {
    // Each part is small; together they are 1.4 MB.
    const text = field("body1", "あ".repeat(60_000));
    const response = await post(
      "/advertiser/advertisements/new",
      text.repeat(8) + `--${BOUNDARY}--\r\n`,
      MULTIPART,
    );
    expect(response.status).toBe(413);
  });

  it("still refuses one image over 10 MB on its field and keeps what was typed", async () => {
    const body = new FormData();
    body.set("title", "冬の限定ラテ");
    body.set("intent", "next");
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" });
    body.set("image1File", big, "big.png");
    const response = await stack.fetch("/advertiser/advertisements/new", {
      method: "POST",
      headers: { Origin: stack.base, Cookie: cookie },
      body,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("アップロードに失敗しました。ファイルサイズは10MB以下にしてください。");
    expect(html).toContain('value="冬の限定ラテ"');
  });

  it('takes an empty file input (filename="", no bytes, as browsers send it) for no upload', async () => {
    const fields = {
      title: "冬の限定ラテ",
      body1: "寒い日に温まる一杯です。",
      eyecatchIndex: "1",
      storeName: "カフェ・ド・デモ",
      storeAddress: "東京都渋谷区神宮前1-2-3",
      storeTel: "03-1234-5678",
      intent: "next",
    };
    const emptyInput =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image2File"; filename=""\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n\r\n";
    const body = Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([name, value]) => field(name, value))
          .join(""),
      ),
      Buffer.from(fileHead("image1File")),
      tinyPng(40, 30),
      Buffer.from(`\r\n${emptyInput}--${BOUNDARY}--\r\n`),
    ]);
    const response = await post("/advertiser/advertisements/new", body, MULTIPART);
    // The confirm phase: image 1 stored, image 2 simply absent (no upload, no error).
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("アップロードに失敗しました");
    expect(html).not.toContain("エラーがあります");
    expect(html).toMatch(/name="image1" value="\/api\/adv\/media_objects\/\d+"/);
  });

  it("answers a body that is not a form with 415", async () => {
    const response = await post("/advertiser/advertisements/new", "{}", "application/json");
    expect(response.status).toBe(415);
  });
});

describe("the instant upload of the trial form (no login, ADR 0012)", () => {
  const TRIAL_KEY = "T".repeat(43);
  const upload = (fields: [string, string][], withCookie = false) => {
    const body = new FormData();
    for (const [name, value] of fields) body.set(name, value);
    body.set("file", new Blob([new Uint8Array(tinyPng(40, 30))], { type: "image/png" }), "a.png");
    return stack.fetch("/uploads", {
      method: "POST",
      headers: { Origin: stack.base, ...(withCookie ? { Cookie: cookie } : {}) },
      body,
    });
  };

  it("stores a visitor's file in the trial's quarantine when the form's key comes first", async () => {
    const response = await upload([["trialKey", TRIAL_KEY]]);
    expect(response.status).toBe(201);
    const result = (await response.json()) as { ok: boolean; "@id": string };
    expect(result.ok).toBe(true);
    const id = Number(result["@id"].split("/").pop());
    const [row] = await stack.db.select().from(mediaObjects).where(eq(mediaObjects.id, id));
    expect(row).toMatchObject({ clientId: null, quarantineExpiresAt: expect.any(Date) });
    expect(row!.trialKeyHash).not.toBeNull();
  });

  it("puts a logged-in user's file from the trial form in the quarantine too", async () => {
    const response = await upload([["trialKey", TRIAL_KEY]], true);
    const result = (await response.json()) as { "@id": string };
    const id = Number(result["@id"].split("/").pop());
    const [row] = await stack.db.select().from(mediaObjects).where(eq(mediaObjects.id, id));
    expect(row!.trialKeyHash).not.toBeNull();
  });

  it("refuses a visitor without a key (or with a malformed one) and stores nothing", async () => {
    const before = (await stack.db.select().from(mediaObjects)).length;
    for (const fields of [[], [["trialKey", "short"]]] as [string, string][][]) {
      const response = await upload(fields);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { ok: boolean }).ok).toBe(false);
    }
    expect(await stack.db.select().from(mediaObjects)).toHaveLength(before);
  });
});
