// Placeholder replaced in this WordPress branch (ADR 0010).
import type { Publisher } from "./publisher";

export interface WordPressSettings {
  /** The site's REST root, e.g. https://news.example.jp/wp-json (wpRestUrl). */
  restUrl: string;
  user: string;
  /** An application password. */
  password: string;
  /** The bytes of an ad image given its absolute URL (the API reads its own media directory). */
  readImage: (url: string) => Promise<{ data: Uint8Array; contentType: string; filename: string }>;
  fetch?: typeof fetch;
}

export function wordpressPublisher(_settings: WordPressSettings): Publisher {
  throw new Error("WordPress publisher not built yet");
}
