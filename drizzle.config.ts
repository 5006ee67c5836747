import { defineConfig } from "drizzle-kit";

// Generating migrations needs no database: drizzle-kit diffs db/schema.ts against db/migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
