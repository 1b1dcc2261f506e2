import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_DB, ROOT } from "../support/paths";

type Shape = Record<string, { columns: string[]; indexes: string[] }>;

function shapeOf(db: Database.Database): Shape {
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations' ORDER BY name`,
    )
    .all() as Array<{ name: string }>;
  const shape: Shape = {};
  for (const { name } of tables) {
    const columns = (
      db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>
    ).map((c) => `${c.name}:${c.type}:${c.notnull}:${c.pk}`);
    const indexes = (
      db.prepare(`PRAGMA index_list("${name}")`).all() as Array<{ name: string; unique: number }>
    )
      .map((i) => `${i.name}:${i.unique}`)
      .sort();
    shape[name] = { columns, indexes };
  }
  return shape;
}

describe("migrations", () => {
  it("build exactly the database prisma/schema.prisma describes (no drift)", () => {
    const sql = execFileSync(
      path.join(ROOT, "node_modules/.bin/prisma"),
      [
        "migrate",
        "diff",
        "--from-empty",
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--script",
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: "file::memory:" },
      },
    );
    const fromSchema = new Database(":memory:");
    fromSchema.exec(sql);
    const fromMigrations = new Database(BASE_DB, { readonly: true });
    expect(shapeOf(fromMigrations)).toEqual(shapeOf(fromSchema));
    expect(Object.keys(shapeOf(fromMigrations))).toContain("Project");
  });
});
