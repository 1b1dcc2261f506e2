import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("uses the documented defaults", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.DATABASE_URL).toBe("file:./data/folio.db");
    expect(env.UPLOADS_DIR).toBe("./data/uploads");
    expect(env.PORT).toBe(3000);
    expect(env.sessionSecrets).toHaveLength(1);
  });
  it("requires SESSION_SECRET in production and names it", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET is required in production/,
    );
  });
  it("names every wrong variable", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "development",
        DATABASE_URL: "postgres://x",
        OWNER_EMAIL: "nope",
        PORT: "abc",
      }),
    ).toThrow(
      /DATABASE_URL must be a SQLite file URL[\s\S]*OWNER_EMAIL must be an email address|OWNER_EMAIL[\s\S]*DATABASE_URL/,
    );
    expect(() => parseEnv({ NODE_ENV: "development", PORT: "abc" })).toThrow(
      /PORT must be a whole number/,
    );
  });
  it("splits comma-separated session secrets for rotation", () => {
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "new-one, old-one" }).sessionSecrets,
    ).toEqual(["new-one", "old-one"]);
  });
});

describe("empty settings", () => {
  it("mean 'not set': every optional variable given as an empty (or blank) string gets its default", () => {
    const names = [
      "NODE_ENV",
      "PORT",
      "DATABASE_URL",
      "OWNER_EMAIL",
      "OWNER_PASSWORD",
      "RESEND_API_KEY",
      "RESEND_FROM",
      "CONTACT_TO_EMAIL",
      "UPLOADS_DIR",
      "UPLOAD_MAX_BYTES",
      "API_TOKEN",
      "ALLOWED_ORIGINS",
      "PUBLIC_URL",
      "TRUST_PROXY",
      "LOGIN_MAX_FAILURES",
      "LOGIN_WINDOW_SECONDS",
      "CONTACT_MAX_PER_WINDOW",
      "CONTACT_WINDOW_SECONDS",
      "CONTACT_MIN_FILL_MS",
      "RATE_LIMIT_DISABLED",
      "RATE_LIMIT_RPM",
      "RATE_LIMIT_WRITE_RPM",
      "RATE_LIMIT_WINDOW_SECONDS",
      "BACKUP_DIR",
      "BACKUP_INTERVAL_HOURS",
      "BACKUP_KEEP",
      "RESTORE_FROM",
      "RESTORE_MAX_FILE_BYTES",
      "RESTORE_MAX_TOTAL_BYTES",
      "COOKIE_SECURE",
    ];
    const defaults = parseEnv({});
    for (const blank of ["", "  "]) {
      const source = Object.fromEntries(names.map((n) => [n, blank]));
      expect(parseEnv(source)).toEqual(defaults);
    }
    expect(defaults.COOKIE_SECURE).toBeUndefined();
    expect(defaults.UPLOADS_DIR).toBe("./data/uploads");
    expect(defaults.RESEND_FROM).toMatch(/@/);
  });

  it("COOKIE_SECURE= (empty) in production keeps the production default (secure cookies)", async () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s", COOKIE_SECURE: "" });
    expect(env.COOKIE_SECURE).toBeUndefined();
    expect(parseEnv({ COOKIE_SECURE: "false" }).COOKIE_SECURE).toBe(false);
    expect(() => parseEnv({ COOKIE_SECURE: "maybe" })).toThrow(
      /COOKIE_SECURE must be true or false/,
    );
  });
});
