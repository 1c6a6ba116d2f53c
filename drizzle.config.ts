// drizzle-kit settings: `npm run db:generate` writes SQL migrations for the embedded API's schema.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema.ts",
  out: "./api/db/migrations",
});
