// `npm run check-upstream -- URL [email password]`: which portal features work, degrade or fail
// in front of the API at URL (README "Running in front of your API"). Exits 1 when one fails.
import { checkUpstream, formatCheck } from "../app/.server/upstream/upstream-check";

const [url, email, password] = process.argv.slice(2);
if (!url || !/^https?:\/\//.test(url) || (email !== undefined && password === undefined)) {
  console.error("usage: npm run check-upstream -- URL [email password]");
  process.exit(2);
}

const rows = await checkUpstream({ baseUrl: url, email, password });
console.log(`upstream ${new URL(url).origin}${email ? ` as ${email}` : ""}\n`);
console.log(formatCheck(rows));
process.exit(rows.some((row) => row.verdict === "fails") ? 1 : 0);
