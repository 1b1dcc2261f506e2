import { describe, expect, it, vi } from "vitest";
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
      "HOST",
      "FOLIO_BUILD_DIR",
      "FOLIO_REQUEST_LOG",
      "FOLIO_PAGE_CACHE",
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

describe("the server's settings (server/main.ts reads them from this schema too)", () => {
  it("have the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      HOST: "0.0.0.0",
      PORT: 3000,
      FOLIO_BUILD_DIR: "build",
      FOLIO_REQUEST_LOG: true,
      FOLIO_PAGE_CACHE: true,
      TRUST_PROXY: false,
      RATE_LIMIT_DISABLED: false,
      RATE_LIMIT_RPM: 600,
      RATE_LIMIT_WRITE_RPM: 60,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      FOLIO_CONTENT_CHECK_MS: 1000,
      PUBLIC_CACHE_CONTROL: "public, max-age=0, s-maxage=60, stale-while-revalidate=86400",
    });
  });
  it("turn the request log and the page cache off with 0 only", () => {
    const off = parseEnv({ FOLIO_REQUEST_LOG: "0", FOLIO_PAGE_CACHE: " 0 " });
    expect([off.FOLIO_REQUEST_LOG, off.FOLIO_PAGE_CACHE]).toEqual([false, false]);
    const on = parseEnv({ FOLIO_REQUEST_LOG: "1", FOLIO_PAGE_CACHE: "yes" });
    expect([on.FOLIO_REQUEST_LOG, on.FOLIO_PAGE_CACHE]).toEqual([true, true]);
  });
  it("read flags as 1 or true in any case, spaces around allowed", () => {
    for (const value of ["1", "true", "TRUE", " True "])
      expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(true);
    for (const value of ["0", "false", "yes", "on"])
      expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(false);
  });
  it("refuse a rate limit or window of 0 (it would refuse every request), naming each", () => {
    expect(() =>
      parseEnv({ RATE_LIMIT_RPM: "0", RATE_LIMIT_WRITE_RPM: "0", RATE_LIMIT_WINDOW_SECONDS: "0" }),
    ).toThrow(
      /RATE_LIMIT_RPM must be a whole number \(1 or more\)[\s\S]*RATE_LIMIT_WRITE_RPM[\s\S]*RATE_LIMIT_WINDOW_SECONDS/,
    );
    expect(parseEnv({ RATE_LIMIT_RPM: "1" }).RATE_LIMIT_RPM).toBe(1);
  });
  it("PUBLIC_CACHE_CONTROL: a Cache-Control value (directives, commas), anything else refused by name", () => {
    const value = (v: string) => parseEnv({ PUBLIC_CACHE_CONTROL: v }).PUBLIC_CACHE_CONTROL;
    expect(value("public,max-age=0,  s-maxage=300")).toBe("public, max-age=0, s-maxage=300");
    expect(value("no-store")).toBe("no-store");
    expect(value('public, no-cache="Set-Cookie"')).toBe('public, no-cache="Set-Cookie"');
    for (const bad of ["public;max-age=0", "public, s-maxage=1\r\nX-Evil: 1", "max-age==1", ","])
      expect(() => parseEnv({ PUBLIC_CACHE_CONTROL: bad }), bad).toThrow(
        /PUBLIC_CACHE_CONTROL must be a Cache-Control value such as "public, max-age=0/,
      );
  });
  it("FOLIO_CONTENT_CHECK_MS: 1000 by default, 0 (every request) or more", () => {
    expect(parseEnv({ FOLIO_CONTENT_CHECK_MS: "0" }).FOLIO_CONTENT_CHECK_MS).toBe(0);
    expect(() => parseEnv({ FOLIO_CONTENT_CHECK_MS: "-1" })).toThrow(/FOLIO_CONTENT_CHECK_MS/);
  });
  it("IMPORT_TIMEOUT_MS: 15000 by default, at least 1", () => {
    expect(parseEnv({}).IMPORT_TIMEOUT_MS).toBe(15000);
    expect(parseEnv({ IMPORT_TIMEOUT_MS: "300" }).IMPORT_TIMEOUT_MS).toBe(300);
    expect(() => parseEnv({ IMPORT_TIMEOUT_MS: "0" })).toThrow(
      /IMPORT_TIMEOUT_MS must be a whole number \(1 or more\)/,
    );
  });
});

describe("env()", () => {
  it("parses once per process: another copy of the module (the Remix build beside the server) reuses the first parse", async () => {
    const first = await import("./env.server");
    const config = first.env();
    vi.resetModules();
    const copy = await import("./env.server");
    expect(copy).not.toBe(first);
    expect(copy.env()).toBe(config);
  });
});
