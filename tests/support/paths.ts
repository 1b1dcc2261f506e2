import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const TMP = path.join(ROOT, "tests/.tmp");
/** A database made once per test run from the committed migrations; every test copies it. */
export const BASE_DB = path.join(TMP, "base.db");
