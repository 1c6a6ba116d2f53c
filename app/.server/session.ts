// The session cookie: tokens (with each pair's upstream cookie jar) and one-shot flash messages,
// sealed with a key from SESSION_SECRET (seal.ts): nothing in it is readable, nothing can be
// changed, and a cookie that does not open (tampered with, an old format) is no session at all.
// Sealing is synchronous so the server can commit the session once, from one place, right before
// the response headers are written (server/session-middleware.ts).
import { parse, serialize } from "cookie";
import { z } from "zod";
import { seal, unseal } from "./seal";

export const SESSION_COOKIE = "__session";
/** Browsers drop cookies over 4096 bytes (name, value and attributes together). */
export const COOKIE_LIMIT = 4096;

/** The names LexikJWT (`set_cookies: { BEARER: ~ }`) and gesdinet (token_parameter_name) give. */
export const ACCESS_TOKEN_COOKIE = "BEARER";
export const REFRESH_TOKEN_COOKIE = "refresh_token";

/**
 * One cookie of an upstream jar, compact for the 4 KB limit: name, value, expiry (epoch seconds;
 * 0 = none), path, domain ("" = host-only, of the upstream URL), secure (1/0). What a client does
 * not need upstream (SameSite, HttpOnly: browser matters) is not kept.
 */
const storedCookie = z.tuple([
  z.string(),
  z.string(),
  z.number(),
  z.string(),
  z.string(),
  z.number(),
]);
export type StoredCookie = z.infer<typeof storedCookie>;

/**
 * A token pair as the code uses it, with the cookie jar the upstream filled for it (a jar per
 * pair: both bundles name the cookies of the main and the impersonated pair the same).
 */
export type TokenPair = { token: string; refreshToken: string; cookies?: StoredCookie[] };

/** The value of a cookie of the jar (the first by that name), if it holds one. */
export function cookieValue(cookies: readonly StoredCookie[] | undefined, name: string) {
  return cookies?.find(([key]) => key === name)?.[1];
}

/**
 * A pair as stored: a token the jar already holds (delivered as a cookie) is not stored twice. A
 * pair that ends up without a token or refresh token is unreadable, like a forged cookie.
 */
const storedPair = z
  .object({
    token: z.string().optional(),
    refreshToken: z.string().optional(),
    cookies: z.array(storedCookie).optional(),
  })
  .transform(({ token, refreshToken, cookies }, ctx): TokenPair => {
    const access = token ?? cookieValue(cookies, ACCESS_TOKEN_COOKIE);
    const refresh = refreshToken ?? cookieValue(cookies, REFRESH_TOKEN_COOKIE);
    if (!access || !refresh) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "a pair without its tokens" });
      return z.NEVER;
    }
    const pair = { token: access, refreshToken: refresh };
    return cookies?.length ? { ...pair, cookies } : pair;
  });

function storedForm({ token, refreshToken, cookies }: TokenPair) {
  if (!cookies?.length) return { token, refreshToken };
  return {
    token: cookieValue(cookies, ACCESS_TOKEN_COOKIE) === token ? undefined : token,
    refreshToken:
      cookieValue(cookies, REFRESH_TOKEN_COOKIE) === refreshToken ? undefined : refreshToken,
    cookies,
  };
}

const flashSchema = z.object({ kind: z.enum(["info", "error"]), message: z.string() });
export type Flash = z.infer<typeof flashSchema>;

const sessionData = z.object({
  main: storedPair.optional(),
  impersonation: storedPair.optional(),
  flash: flashSchema.optional(),
});
export type SessionData = z.infer<typeof sessionData>;

export type CookieOptions = { secrets: string[]; secure: boolean };

export function decodeSessionCookie(
  cookieHeader: string | undefined,
  secrets: string[],
): SessionData {
  const raw = cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
  if (!raw) return {};
  const parsed = sessionData.safeParse(unseal(raw, "session", { secrets }));
  return parsed.success ? parsed.data : {};
}

function attributes(options: CookieOptions) {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: options.secure } as const;
}

export function encodeSessionCookie(data: SessionData, options: CookieOptions): string {
  const stored = {
    ...data,
    main: data.main && storedForm(data.main),
    impersonation: data.impersonation && storedForm(data.impersonation),
  };
  const value = seal(stored, "session", { secrets: options.secrets });
  return serialize(SESSION_COOKIE, value, attributes(options));
}

export function expiredSessionCookie(options: CookieOptions): string {
  return serialize(SESSION_COOKIE, "", { ...attributes(options), expires: new Date(0), maxAge: 0 });
}

/**
 * The session of one request. Loaders and actions change it through these methods; the server
 * writes the Set-Cookie header once when the response starts, and only if something changed.
 */
export class RequestSession {
  private dirty = false;

  constructor(
    private data: SessionData,
    private readonly options: CookieOptions,
  ) {}

  static fromCookieHeader(header: string | undefined, options: CookieOptions) {
    return new RequestSession(decodeSessionCookie(header, options.secrets), options);
  }

  get main() {
    return this.data.main;
  }

  get impersonation() {
    return this.data.impersonation;
  }

  /** After login: a fresh session with only the new pair (any impersonation ends). */
  login(pair: TokenPair) {
    this.data = { main: pair };
    this.dirty = true;
  }

  setMain(pair: TokenPair) {
    this.data = { ...this.data, main: pair };
    this.dirty = true;
  }

  setImpersonation(pair: TokenPair | undefined) {
    this.data = { ...this.data, impersonation: pair };
    this.dirty = true;
  }

  /** Logout: every token goes; a flash message may survive for the login page. */
  clear(flash?: Flash) {
    this.data = flash ? { flash } : {};
    this.dirty = true;
  }

  flash(flash: Flash) {
    this.data = { ...this.data, flash };
    this.dirty = true;
  }

  takeFlash(): Flash | undefined {
    const { flash } = this.data;
    if (flash) {
      this.data = { ...this.data, flash: undefined };
      this.dirty = true;
    }
    return flash;
  }

  /** The Set-Cookie value to send, or undefined when nothing changed. */
  setCookieHeader(): string | undefined {
    if (!this.dirty) return undefined;
    const { main, impersonation, flash } = this.data;
    if (!main && !impersonation && !flash) return expiredSessionCookie(this.options);
    return encodeSessionCookie(this.data, this.options);
  }
}
