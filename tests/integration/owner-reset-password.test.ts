// The reset-password command, run as the owner would run it on the server: a new password, every
// session ended, and with --turn-off-two-factor a way back in after losing the authenticator.
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { ROOT } from "../support/paths";

function reset(databaseUrl: string, ...extra: string[]) {
  return execFileSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/owner-reset-password.ts", "--email", "Owner@Example.com", ...extra],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        FOLIO_NEW_PASSWORD: "a-brand-new-password",
      },
      encoding: "utf8",
    },
  );
}

function seedOwnerWithTwoFactor(file: string) {
  const db = new Database(file);
  db.prepare(
    `INSERT INTO "Owner" (email, passwordHash, totpSecret, totpEnabledAt, updatedAt)
     VALUES ('owner@example.com', 'x', 'JBSWY3DPEHPK3PXP', 1, 1)`,
  ).run();
  const { id } = db.prepare(`SELECT id FROM "Owner"`).get() as { id: number };
  db.prepare(`INSERT INTO "RecoveryCode" (ownerId, codeHash) VALUES (?, 'h')`).run(id);
  db.prepare(
    `INSERT INTO "Session" (id, ownerId, expiresAt) VALUES ('s'||hex(randomblob(20)), ?, 9e15)`,
  ).run(id);
  return db;
}

const state = (db: Database.Database) =>
  db
    .prepare(
      `SELECT totpSecret IS NOT NULL AS twoFactor, passwordHash != 'x' AS newPassword,
        (SELECT count(*) FROM "RecoveryCode") AS codes, (SELECT count(*) FROM "Session") AS sessions
       FROM "Owner"`,
    )
    .get();

describe("npm run owner:reset-password", () => {
  it("sets the password and ends every session, leaving two-factor on", () => {
    const { file, url } = createTestDatabase("reset");
    const db = seedOwnerWithTwoFactor(file);
    expect(reset(url)).toMatch(/Password changed for owner@example.com/i);
    expect(state(db)).toEqual({ twoFactor: 1, newPassword: 1, codes: 1, sessions: 0 });
  });

  it("with --turn-off-two-factor also removes the TOTP secret and the recovery codes", () => {
    const { file, url } = createTestDatabase("reset");
    const db = seedOwnerWithTwoFactor(file);
    expect(reset(url, "--turn-off-two-factor")).toMatch(/Two-factor sign-in is off/);
    expect(state(db)).toEqual({ twoFactor: 0, newPassword: 1, codes: 0, sessions: 0 });
  });
});
