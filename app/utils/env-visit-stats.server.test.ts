import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("visit statistics settings", () => {
  it("counts by default, every 10 s", () => {
    const config = parseEnv({});
    expect(config.FOLIO_VISIT_STATS).toBe(true);
    expect(config.FOLIO_STATS_FLUSH_MS).toBe(10_000);
  });

  it.each(["0", "false", "FALSE", "off", " Off "])(
    "FOLIO_VISIT_STATS=%j turns counting off",
    (v) => {
      expect(parseEnv({ FOLIO_VISIT_STATS: v }).FOLIO_VISIT_STATS).toBe(false);
    },
  );

  it.each(["1", "true", "on", "yes", ""])("FOLIO_VISIT_STATS=%j leaves it on", (v) => {
    expect(parseEnv({ FOLIO_VISIT_STATS: v }).FOLIO_VISIT_STATS).toBe(true);
  });

  it("takes a flush interval in ms and refuses 0 or words with a readable message", () => {
    expect(parseEnv({ FOLIO_STATS_FLUSH_MS: "250" }).FOLIO_STATS_FLUSH_MS).toBe(250);
    expect(() => parseEnv({ FOLIO_STATS_FLUSH_MS: "0" })).toThrow(
      /FOLIO_STATS_FLUSH_MS must be a whole number \(1 or more\)/,
    );
    expect(() => parseEnv({ FOLIO_STATS_FLUSH_MS: "soon" })).toThrow(/FOLIO_STATS_FLUSH_MS/);
  });
});
