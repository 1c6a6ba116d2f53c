// Login throttling in the portal itself, in the login action (so no spelling of the path escapes
// it): failures per account and address, and wider per address, like the API's; successes are
// not counted (one office, one address). Per process: the upstream's own throttling is the one
// that several portal processes share.
import type { Env } from "./env";

type Window = { failures: number; endsAt: number };

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: { perAccount: number; perAddress: number; windowSeconds: number },
    private readonly now: () => number = Date.now,
  ) {}

  static fromEnv(e: Env) {
    return new LoginThrottle({
      perAccount: e.LOGIN_MAX_FAILURES,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW,
    });
  }

  private keys(email: string, address: string) {
    return [
      [`a|${email.trim().toLowerCase()}|${address}`, this.limits.perAccount],
      [`i|${address}`, this.limits.perAddress],
    ] as const;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Seconds to wait when this account or address is locked out, else undefined. */
  retryAfter(email: string, address: string): number | undefined {
    for (const [key, max] of this.keys(email, address)) {
      const window = this.current(key);
      if (window && window.failures >= max) {
        return Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000));
      }
    }
    return undefined;
  }

  failed(email: string, address: string) {
    this.prune();
    for (const [key] of this.keys(email, address)) {
      const window = this.current(key) ?? {
        failures: 0,
        endsAt: this.now() + this.limits.windowSeconds * 1000,
      };
      window.failures += 1;
      this.windows.set(key, window);
    }
  }

  succeeded(email: string, address: string) {
    this.windows.delete(this.keys(email, address)[0][0]);
  }

  /** Keeps memory bounded under a spray of addresses. */
  private prune() {
    if (this.windows.size < 10_000) return;
    for (const key of this.windows.keys()) this.current(key);
  }
}
