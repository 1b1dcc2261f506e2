import { describe, expect, it } from "vitest";
import { PageViewBuffer, type BufferedView } from "./page-view-buffer.server";

const view = (over: Partial<BufferedView> = {}): BufferedView => ({
  day: "2026-11-25",
  ip: "192.0.2.1",
  userAgent: "Firefox",
  host: "folio.example",
  path: "/",
  projectId: null,
  referrer: "",
  ...over,
});

describe("PageViewBuffer: page views added up in memory", () => {
  it("adds up views of the same day, client, host, page and referrer", () => {
    const buffer = new PageViewBuffer();
    buffer.add(view());
    buffer.add(view());
    buffer.add(view({ path: "/resume" }));
    buffer.add(view({ ip: "192.0.2.2" }));
    buffer.add(view({ userAgent: "Chrome" }));
    buffer.add(view({ host: "other.example" }));
    buffer.add(view({ referrer: "example.org" }));
    buffer.add(view({ day: "2026-11-26" }));
    buffer.add(view({ path: "/projects/3", projectId: 3 }));
    buffer.add(view({ path: "/projects/3", projectId: 3 }));
    expect(buffer.size).toBe(8);
    const taken = buffer.take();
    expect(taken).toHaveLength(8);
    expect(
      taken.find(
        (e) =>
          e.path === "/" &&
          e.ip === "192.0.2.1" &&
          e.userAgent === "Firefox" &&
          e.host === "folio.example" &&
          e.referrer === "" &&
          e.day === "2026-11-25",
      )?.views,
    ).toBe(2);
    expect(taken.find((e) => e.path === "/projects/3")).toMatchObject({ projectId: 3, views: 2 });
    expect(taken.reduce((sum, e) => sum + e.views, 0)).toBe(10);
  });

  it("is empty after take", () => {
    const buffer = new PageViewBuffer();
    buffer.add(view());
    expect(buffer.take()).toHaveLength(1);
    expect(buffer.size).toBe(0);
    expect(buffer.take()).toEqual([]);
  });

  it("keeps no more than maxKeys entries: new keys beyond are dropped and counted, known keys still add up", () => {
    const buffer = new PageViewBuffer(3);
    for (let i = 0; i < 5; i += 1) buffer.add(view({ ip: `192.0.2.${i}` }));
    expect(buffer.size).toBe(3);
    expect(buffer.dropped).toBe(2);
    expect(buffer.add(view({ ip: "192.0.2.0" }))).toBe(true);
    expect(buffer.add(view({ ip: "192.0.2.99" }))).toBe(false);
    expect(buffer.takeDropped()).toBe(3);
    expect(buffer.dropped).toBe(0);
    const taken = buffer.take();
    expect(taken.map((e) => [e.ip, e.views])).toEqual([
      ["192.0.2.0", 2],
      ["192.0.2.1", 1],
      ["192.0.2.2", 1],
    ]);
    // Room again once written.
    expect(buffer.add(view({ ip: "192.0.2.99" }))).toBe(true);
  });

  it("has a default bound of 10 000 keys", () => {
    const buffer = new PageViewBuffer();
    for (let i = 0; i < 10_050; i += 1) buffer.add(view({ ip: `10.0.${i >> 8}.${i & 255}` }));
    expect(buffer.size).toBe(10_000);
    expect(buffer.dropped).toBe(50);
  });
});
