// How the portal's process logs an error: its name, message and cause, one line, never its stack
// (a stack shows the code's paths and may carry values; the logs must not).
export function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return "non-error thrown";
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return `${error.name}: ${error.message}${cause}`;
}
