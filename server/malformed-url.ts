// A path that is not valid percent-encoding (`/%`, `/%E0%A4%A`) names no page: 400 at once, before
// the router would fail on it with a 500 and a plain-text warning carrying the raw path. The
// request's one log line names no route and no path.
import type { RequestHandler } from "express";
import { plainPage } from "./last-resort";

export const MALFORMED_URL = {
  title: "URLを読み取れませんでした",
  body: "URLが正しくない可能性があります。トップページからもう一度お試しください。",
} as const;

const PAGE = plainPage(MALFORMED_URL);

/** Whether every segment of the path decodes, as the router decodes it. */
function decodes(path: string) {
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export function malformedUrls(): RequestHandler {
  return (req, res, next) => {
    if (decodes(req.path)) return next();
    res.status(400).type("text/html; charset=utf-8").send(PAGE);
  };
}
