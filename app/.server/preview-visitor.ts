// The browser's preview cookie (issue 28 #12): a random value on the portal's origin that the news
// site's preview form is signed for, so a signed form works only in the browser it was made in.
// Made on the first page that shows a preview button and kept for the browser's session; the
// server writes its Set-Cookie once, with the session's (server/session-middleware.ts).
import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import { previewVisitorBinding, previewVisitorCookie } from "../../shared/site-preview-signature";

const VALUE = /^[A-Za-z0-9_-]{43}$/;

export class PreviewVisitor {
  private made: string | undefined;

  constructor(
    private readonly value: string | undefined,
    private readonly secure: boolean,
  ) {}

  static fromCookieHeader(header: string | undefined, secure: boolean) {
    const value = header ? parse(header)[previewVisitorCookie(secure)] : undefined;
    return new PreviewVisitor(value && VALUE.test(value) ? value : undefined, secure);
  }

  /** What a preview form is signed for: this browser's value, hashed (made on first use). */
  binding(): string {
    this.made ??= this.value ? undefined : randomBytes(32).toString("base64url");
    return previewVisitorBinding(this.value ?? this.made!);
  }

  /** The Set-Cookie value when a value was made during this request. */
  setCookieHeader(): string | undefined {
    if (!this.made) return undefined;
    // Strict: a post from another site does not carry it. No lifetime: it ends with the browser's
    // session, and the forms signed for it end within minutes anyway.
    return serialize(previewVisitorCookie(this.secure), this.made, {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure: this.secure,
    });
  }
}
