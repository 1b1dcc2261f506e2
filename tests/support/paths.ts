import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Scratch space for test databases and uploads (FOLIO_TEST_TMP lets parallel runs use their own). */
export const TMP = path.resolve(ROOT, process.env.FOLIO_TEST_TMP ?? "tests/.tmp");
export const BUILD_DIR = process.env.FOLIO_BUILD_DIR ?? "build";
/** A database made once per test run from the committed migrations; every test copies it. */
export const BASE_DB = path.join(TMP, "base.db");
