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
