import { describe, expect, it } from "vitest";
import { listeningOrigin } from "./listening-origin";

describe("listeningOrigin", () => {
  it("names a wildcard host localhost, as the start-up line does", () => {
    expect(listeningOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listeningOrigin("::", 8080)).toBe("http://localhost:8080");
  });

  it("keeps a host the portal listens on alone", () => {
    expect(listeningOrigin("127.0.0.1", 3451)).toBe("http://127.0.0.1:3451");
    expect(listeningOrigin("::1", 3451)).toBe("http://[::1]:3451");
    expect(listeningOrigin("portal.internal", 80)).toBe("http://portal.internal");
  });

  it("knows no address for a port chosen at listen time", () => {
    expect(listeningOrigin("0.0.0.0", 0)).toBeUndefined();
  });
});
