import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  OLD_IDS,
  oldBackendLists,
  startFakeOldBackend,
  type FakeOldBackend,
} from "../../tests/support/fake-old-backend";
import { readOldBackend } from "./old-backend.server";
import { ImportSourceError } from "./source-error";

let backend: FakeOldBackend;
beforeAll(async () => {
  backend = await startFakeOldBackend();
});
afterAll(() => backend.close());
beforeEach(() => {
  backend.lists = oldBackendLists(backend.url, backend.deadHost);
  backend.hang.clear();
  backend.requests.length = 0;
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("readOldBackend", () => {
  it("reads the seven lists with GET only, sending no cookie or credential", async () => {
    const snapshot = await readOldBackend(`${backend.url}/`);
    expect(snapshot.source).toBe(backend.url);
    const byKind = (kind: string) => snapshot.records.filter((r) => r.kind === kind);
    expect(byKind("profile").map((r) => r.sourceId)).toEqual([OLD_IDS.user]);
    expect(byKind("skill")).toHaveLength(3);
    expect(byKind("category")).toHaveLength(2);
    expect(byKind("service").map((r) => r.sourceId)).toEqual([...OLD_IDS.services]);
    expect(byKind("project").map((r) => r.sourceId)).toEqual([...OLD_IDS.projects]);
    expect(byKind("education")).toHaveLength(2);
    expect(byKind("experience")).toHaveLength(2);
    // The profile image is a path on the backend's host: resolved against it.
    expect(byKind("profile")[0].fields.image).toBe(`${backend.url}/images/me.png`);
    const shop = byKind("project")[0].fields;
    expect(shop).toMatchObject({
      liveView: "https://corner-shop.example.com",
      budget: "$1,200",
      date: "2023-05-14",
      skill: "Vue",
    });
    expect(shop.images).toEqual([
      `${backend.url}/images/shop-1.jpg`,
      `${backend.url}/images/shop-2.webp`,
      `${backend.url}/images/missing.jpg`,
    ]);
    expect(snapshot.problems.map((p) => p.message)).toEqual([
      "Item 2 of GET /adduser is another profile; Folio keeps one, the first (Rahim Uddin)",
    ]);
    expect(backend.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        "GET /addcategory",
        "GET /addeducation",
        "GET /addexperience",
        "GET /addfeather",
        "GET /addprotfolio",
        "GET /addskill",
        "GET /adduser",
      ].sort(),
    );
    for (const { headers } of backend.requests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
  });

  it("a list that 404s, is not an array, is too large or too slow is a problem; the rest is read", async () => {
    backend.lists.addeducation = undefined;
    backend.lists.addskill = { error: "Something broke" };
    backend.lists.addcategory = "x".repeat(3000);
    backend.hang.add("addexperience");
    const snapshot = await readOldBackend(backend.url, { timeoutMs: 300, maxBytes: 2048 });
    expect(snapshot.records.filter((r) => r.kind === "service")).toHaveLength(2);
    expect(snapshot.problems.map((p) => `${p.kind}: ${p.message}`)).toEqual([
      "profile: Item 2 of GET /adduser is another profile; Folio keeps one, the first (Rahim Uddin)",
      "skill: GET /addskill is not a list (a JSON array); skills not imported",
      "category: GET /addcategory failed: its answer is larger than 2 KB; categories not imported",
      "education: GET /addeducation failed: it answered 404; education not imported",
      "experience: GET /addexperience failed: no answer within 0.3 s; experience not imported",
    ]);
  });

  it("follows a few redirects (GET again), not more", async () => {
    const hops = http.createServer((req, res) => {
      const [, step, list] = /^\/(\d+)\/(\w+)$/.exec(req.url ?? "") ?? [];
      const n = Number(step);
      res.writeHead(302, {
        Location: n > 1 ? `/${n - 1}/${list}` : `${backend.url}/${list}`,
      });
      res.end();
    });
    await new Promise<void>((resolve) => hops.listen(0, "127.0.0.1", resolve));
    const { port } = hops.address() as net.AddressInfo;
    try {
      const snapshot = await readOldBackend(`http://127.0.0.1:${port}/2`);
      expect(snapshot.records.filter((r) => r.kind === "project")).toHaveLength(3);
      const error = await rejection(readOldBackend(`http://127.0.0.1:${port}/5`));
      expect(error.message).toMatch(
        new RegExp(
          `^Cannot read http://127.0.0.1:${port}/5: it does not answer like the old backend \\(GET /5/adduser: it redirects too many times;`,
        ),
      );
    } finally {
      hops.closeAllConnections();
      await new Promise((resolve) => hops.close(resolve));
    }
    expect(new Set(backend.requests.map((r) => r.method))).toEqual(new Set(["GET"]));
  });

  it("an unreachable backend → ImportSourceError naming the address and the reason", async () => {
    const refused = await rejection(readOldBackend(backend.deadHost));
    expect(refused).toBeInstanceOf(ImportSourceError);
    expect(refused.message).toBe(`Cannot read ${backend.deadHost}: connection refused`);

    for (const list of Object.keys(backend.lists)) backend.hang.add(list);
    const slow = await rejection(readOldBackend(backend.url, { timeoutMs: 200 }));
    expect(slow.message).toBe(`Cannot read ${backend.url}: no answer within 0.2 s`);
  });

  it("a server that is not the old backend (every list 404) → ImportSourceError", async () => {
    backend.lists = {};
    const error = await rejection(readOldBackend(backend.url));
    expect(error.message).toBe(
      `Cannot read ${backend.url}: it does not answer like the old backend (GET /adduser: it answered 404; GET /addskill: it answered 404; GET /addcategory: it answered 404; ...)`,
    );
  });

  it("an address that is not http(s) or carries credentials is refused before any request", async () => {
    expect((await rejection(readOldBackend("ftp://old.example.com"))).message).toBe(
      "Cannot read ftp://old.example.com: it is not an http:// or https:// address",
    );
    expect((await rejection(readOldBackend("old backend"))).message).toMatch(
      /^Cannot read old backend: it is not an address/,
    );
    const withPassword = `http://admin:secret@127.0.0.1:${new URL(backend.url).port}`;
    expect((await rejection(readOldBackend(withPassword))).message).toMatch(
      /holds a user name or password/,
    );
    expect(backend.requests).toEqual([]);
  });
});
