import "dotenv/config";

// With engineType "client" and engine "js" no native engine is ever loaded, but the CLI still
// tries to download one unless these point somewhere; offline machines have no way to fetch it.
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= "/dev/null";
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/dev/null";
// The app's default database (see .env.example); the schema reads it through env("DATABASE_URL").
process.env.DATABASE_URL ??= "file:./data/folio.db";
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// Prisma's native engines cannot be downloaded on offline machines (see README):
// migrations run on the WASM schema engine through the better-sqlite3 driver adapter.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    const url = process.env.DATABASE_URL as string;
    // SQLite creates the file but not its folder.
    fs.mkdirSync(path.dirname(path.resolve(url.replace(/^file:/, ""))), { recursive: true });
    return new PrismaBetterSQLite3({ url });
  },
});
