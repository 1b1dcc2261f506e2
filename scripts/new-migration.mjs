// Makes a new migration offline by diffing the schema of the newest migration against
// prisma/schema.prisma (`migrate dev` cannot run on the WASM engine; see README).
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(2);
}
const dir = "prisma/migrations";
fs.mkdirSync(dir, { recursive: true });
const existing = fs
  .readdirSync(dir)
  .filter((d) => fs.statSync(path.join(dir, d)).isDirectory())
  .sort();
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const target = path.join(dir, `${stamp}_${name}`);

const args = [
  "prisma",
  "migrate",
  "diff",
  "--to-schema-datamodel",
  "prisma/schema.prisma",
  "--script",
];
if (existing.length === 0) {
  args.push("--from-empty");
} else {
  // The schema the newest migration was made from is kept beside it.
  const previous = path.join(dir, existing.at(-1), "schema.prisma");
  if (!fs.existsSync(previous)) {
    console.error(`Missing ${previous}: cannot tell what changed since the last migration.`);
    process.exit(1);
  }
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "folio-migrate-")), "schema.prisma");
  fs.copyFileSync(previous, tmp);
  args.push("--from-schema-datamodel", tmp);
}
const sql = execFileSync("npx", args, { encoding: "utf8" });
if (!sql.trim() || /This is an empty migration/.test(sql)) {
  console.log("No schema changes: no migration made.");
  process.exit(0);
}
fs.mkdirSync(target);
fs.writeFileSync(path.join(target, "migration.sql"), sql);
fs.copyFileSync("prisma/schema.prisma", path.join(target, "schema.prisma"));
console.log(`Created ${target}/migration.sql`);
