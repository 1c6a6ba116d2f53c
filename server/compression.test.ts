// A long streamed response through the compression middleware, written as React Router's adapter
// writes it (waiting for drain on a full buffer): it arrives whole, and the waits leave no
// listeners behind (Node warned past ten, in plain text, outside the JSON log lines).
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterEach, expect, it } from "vitest";
import { compressResponses } from "./compression";

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.name);
afterEach(() => void process.off("warning", onWarning));

it("streams a long page compressed, without piling drain listeners on the zlib stream", async () => {
  process.on("warning", onWarning);
  const chunk = randomBytes(48 * 1024).toString("base64"); // compresses little: many full buffers
  const chunks = 120;
  const app = express();
  app.use(compressResponses());
  app.get("/", async (_req, res) => {
    res.type("text/html");
    let sent = 0;
    const page = new ReadableStream<Uint8Array>({
      pull: (controller) =>
        sent++ < chunks ? controller.enqueue(new TextEncoder().encode(chunk)) : controller.close(),
    });
    await writeReadableStreamToWritable(page, res);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes the gzip body.
    expect((await response.arrayBuffer()).byteLength).toBe(chunk.length * chunks);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
