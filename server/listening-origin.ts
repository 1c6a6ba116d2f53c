// The address the portal answers on, as people type it, from the host and port it listens on:
// what the start-up line prints and what the embedded API's mails link when PUBLIC_ORIGIN is unset.

/** A wildcard or loopback host is reached as localhost; port 0 (chosen at listen time) is unknown. */
export function listeningOrigin(host: string, port: number): string | undefined {
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const wildcard = ["", "0.0.0.0", "::", "[::]", "localhost"].includes(host);
  const name = wildcard
    ? "localhost"
    : host.includes(":") && !host.startsWith("[")
      ? `[${host}]`
      : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    return undefined;
  }
}
