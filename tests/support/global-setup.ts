import fs from "node:fs";
import path from "node:path";
import { buildBaseDatabase } from "./database";
import { TMP } from "./paths";

export default function setup() {
  // Old per-file copies from earlier runs are removed; the base is rebuilt from the migrations.
  fs.mkdirSync(TMP, { recursive: true });
  for (const f of fs.readdirSync(TMP)) {
    if (/\.db(-wal|-shm|-journal)?$/.test(f)) fs.rmSync(path.join(TMP, f), { force: true });
    // The seeded template is rebuilt once per run too (tests/support/seeded-template.mjs).
    if (/^seeded-.*(-uploads|\.lock)$/.test(f)) {
      fs.rmSync(path.join(TMP, f), { recursive: true, force: true });
    }
  }
  buildBaseDatabase();
}
