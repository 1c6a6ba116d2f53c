// The portal's small UI kit: buttons, alerts and cards as plain elements with our CSS. Advertiser
// and public pages use only these, so they ship almost no JavaScript beyond React and React Router.
import { Link } from "react-router";
import type { ButtonHTMLAttributes, ReactNode } from "react";

type Variant = "filled" | "light" | "outline" | "default";
type Look = { variant?: Variant; size?: "xs" | "sm"; fullWidth?: boolean; className?: string };

/** A button's classes, for an element that only looks like one (RowLink). */
export function buttonClass({ variant = "filled", size = "sm", fullWidth, className }: Look) {
  return [
    "btn",
    `btn-${variant}`,
    size === "xs" ? "btn-xs" : "",
    fullWidth ? "btn-full" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  variant,
  size,
  fullWidth,
  className,
  type = "button",
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, fullWidth, className })}
      {...props}
    />
  );
}

/**
 * A link that looks like a button. Without `to`/`href` it renders a disabled button: screens that
 * later work builds are shown but never link to a missing page.
 */
export function ButtonLink({
  to,
  href,
  children,
  title,
  external,
  "aria-label": label,
  ...look
}: Look & {
  to?: string;
  href?: string;
  children: ReactNode;
  title?: string;
  external?: boolean;
  "aria-label"?: string;
}) {
  const className = buttonClass(look);
  if (to) {
    return (
      <Link to={to} className={className} title={title} aria-label={label}>
        {children}
      </Link>
    );
  }
  if (href) {
    return (
      <a
        href={href}
        className={className}
        title={title}
        {...(external ? { target: "_blank", rel: "noopener" } : {})}
      >
        {children}
      </a>
    );
  }
  return (
    <span className={className} aria-disabled="true" title={title}>
      {children}
    </span>
  );
}

export function Alert({
  color = "blue",
  children,
}: {
  color?: "red" | "blue" | "green";
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${color}`} role={color === "red" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** The flash of the redirect before: an error in red, anything else in blue; nothing without one. */
export function FlashAlert({ flash }: { flash: { kind: string; message: string } | null }) {
  if (!flash) return null;
  return <Alert color={flash.kind === "error" ? "red" : "blue"}>{flash.message}</Alert>;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `card ${className}` : "card"}>{children}</section>;
}

/** The back-to-my-page button under the account forms. */
export function BackToMyPage() {
  return (
    <div style={{ marginTop: 16 }}>
      <ButtonLink to="/advertiser" variant="default">
        マイページへ戻る
      </ButtonLink>
    </div>
  );
}
