// Runs before each integration test file: its own database copy, its own uploads folder,
// and a test configuration. App modules read the environment when first used, after this.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll } from "vitest";
import { createTestDatabase } from "./database";
import { TMP } from "./paths";

const db = createTestDatabase("integration");
process.env.DATABASE_URL = db.url;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "integration-test-secret";
process.env.UPLOADS_DIR = path.join(
  TMP,
  `uploads-${process.pid}-${crypto.randomBytes(3).toString("hex")}`,
);
delete process.env.OWNER_EMAIL;
delete process.env.OWNER_PASSWORD;
delete process.env.RESEND_API_KEY;
delete process.env.API_TOKEN;
delete process.env.RATE_LIMIT_DISABLED;
fs.mkdirSync(process.env.UPLOADS_DIR, { recursive: true });

afterAll(async () => {
  const { disconnectDb } = await import("~/models/db.server");
  await disconnectDb();
});
