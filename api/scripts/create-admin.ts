// `npm run create-admin -- email password name`: the first administrator of a real deployment.
// Uses the same database settings as the API (DATABASE_URL, else PGlite in DATA_DIR, default ./data).
import { createAdministrator, emailExists } from "../accounts";
import { openDatabase } from "../db/client";

const [email, password, ...nameParts] = process.argv.slice(2);
const name = nameParts.join(" ").trim();

if (!email || !password || !name) {
  console.error("usage: npm run create-admin -- <email> <password> <name>");
  process.exit(2);
}
if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error(`not an email address: ${email}`);
  process.exit(2);
}
if (password.length < 8) {
  console.error("the password must have at least 8 characters");
  process.exit(2);
}

const database = await openDatabase({
  dataDir: process.env.DATA_DIR || "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
try {
  if (await emailExists(database.db, email)) {
    console.error(`a login with the email ${email} already exists`);
    process.exitCode = 1;
  } else {
    const { administratorId } = await createAdministrator(database.db, { email, password, name });
    console.log(`administrator ${administratorId} created: ${email} (${name})`);
  }
} finally {
  await database.close();
}
