// The portal's log lines: one JSON object per line by default, a text line for people with
// LOG_FORMAT=pretty, LOG_LEVEL honoured, and the request id of the request being handled.
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureLog, configureLogFrom, log, logLine, messageOf } from "./logger";
import { runInRequestScope } from "./request-scope";

const AT = new Date("2026-11-27T01:02:03.004Z");

afterEach(() => {
  configureLog({ format: "json", level: "info" });
  vi.restoreAllMocks();
});

describe("logLine", () => {
  it("is one JSON object: time, level, message, the fields", () => {
    const line = logLine("info", "request", { method: "GET", status: 200 }, AT);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      time: "2026-11-27T01:02:03.004Z",
      level: "info",
      msg: "request",
      method: "GET",
      status: 200,
    });
  });

  it("names the request id of the request being handled", () => {
    const line = runInRequestScope({ requestId: "req-1" }, () => logLine("warn", "upstream down"));
    expect(JSON.parse(line)).toMatchObject({
      level: "warn",
      msg: "upstream down",
      requestId: "req-1",
    });
    expect(JSON.parse(logLine("warn", "at start-up"))).not.toHaveProperty("requestId");
  });

  it("is a text line with LOG_FORMAT=pretty", () => {
    configureLog({ format: "pretty" });
    const line = runInRequestScope({ requestId: "req-2" }, () =>
      logLine("error", "failed", { route: "routes/login", skipped: undefined }, AT),
    );
    expect(line).toBe("2026-11-27T01:02:03.004Z ERROR failed requestId=req-2 route=routes/login");
  });

  it("is text by default in development only, whatever LOG_FORMAT says first", () => {
    configureLogFrom({ NODE_ENV: "development", LOG_LEVEL: "info" });
    expect(logLine("info", "dev")).toMatch(/^\S+ INFO {2}dev$/);
    configureLogFrom({ NODE_ENV: "production", LOG_LEVEL: "info" });
    expect(JSON.parse(logLine("info", "prod"))).toMatchObject({ msg: "prod" });
    configureLogFrom({ NODE_ENV: "development", LOG_FORMAT: "json", LOG_LEVEL: "info" });
    expect(JSON.parse(logLine("info", "dev json"))).toMatchObject({ msg: "dev json" });
  });

  it("keeps a message readable in both formats", () => {
    expect(messageOf(logLine("info", "started"))).toBe("started");
    expect(messageOf("plain text")).toBe("plain text");
  });
});

describe("log", () => {
  it("writes info to stdout, warnings and errors to stderr", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    log.info("a");
    log.warn("b");
    log.error("c");
    expect(out.mock.calls.map(([l]) => messageOf(l))).toEqual(["a"]);
    expect(warn.mock.calls.map(([l]) => messageOf(l))).toEqual(["b"]);
    expect(error.mock.calls.map(([l]) => messageOf(l))).toEqual(["c"]);
  });

  it("drops what is below LOG_LEVEL", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    configureLog({ level: "warn" });
    log.debug("d");
    log.info("i");
    log.warn("w");
    expect(out).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
