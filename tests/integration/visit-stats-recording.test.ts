// Visit statistics recorded by the real production server (docs/statistics.md): a visitor's plain
// HTML GET (a browser with JavaScript off) is counted, whether the page is rendered or answered
// from the page cache; bots, Do Not Track / Global Privacy Control, prefetches, data requests,
// the owner and pages not found are not; the referring site is kept, this site is not; and no
// address or user agent ever reaches the database.
import Database from "better-sqlite3";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorHash } from "~/utils/page-views.server";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "visit-stats-test-password" };
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let server: TestServer;
let host: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      TRUST_PROXY: "1",
      RATE_LIMIT_DISABLED: "1",
      FOLIO_STATS_FLUSH_MS: "100",
    },
  });
  host = new URL(server.url).host;
});
afterAll(async () => {
  await server?.stop();
});

type VisitRow = {
  day: string;
  visitor: string;
  path: string;
  projectId: number | null;
  referrer: string;
  views: number;
};

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const visitsFrom = (referrer: string) =>
  query<VisitRow>(`SELECT * FROM "Visit" WHERE "referrer" = ?`, referrer);

let counter = 0;
/** A distinct client (its own address behind the trusted proxy) so its rows are its own. */
function client() {
  counter += 1;
  return `198.51.100.${counter}`;
}

/** A GET with exactly these headers (a browser's User-Agent unless given). */
async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { "User-Agent": BROWSER, Accept: "text/html", ...headers },
  });
  await res.arrayBuffer();
  return res;
}

/** The visitor hash the server makes for `ip` and `userAgent` today. */
function expectedVisitor(ip: string, userAgent = BROWSER) {
  const [salt] = query<{ salt: string }>(`SELECT "salt" FROM "VisitSalt"`);
  return visitorHash(salt.salt, host, ip, userAgent);
}

/**
 * A counted visit from a referring site of its own, then waits for its row: every view the server
 * answered before it has been written (or dropped) by then.
 */
async function sentinel() {
  const referrer = `sentinel-${(counter += 1)}.example`;
  const res = await visit("/", { "X-Forwarded-For": client(), Referer: `https://${referrer}/` });
  expect(res.status).toBe(200);
  await expect.poll(() => visitsFrom(referrer).length).toBe(1);
}

describe("visit statistics recorded by the server", () => {
  it("counts a visitor with JS off (a plain HTML GET), the page cache's fast hits too", async () => {
    const ip = client();
    const headers = { "X-Forwarded-For": ip, Referer: "https://news.ycombinator.com/item?id=7" };
    const first = await visit("/resume", headers);
    expect(first.status).toBe(200);
    // Until one is answered from the cache (a write, the counts' own included, empties it).
    let views = 1;
    let cache = first.headers.get("x-folio-cache");
    while (cache !== "hit") {
      const res = await visit("/resume", headers);
      expect(res.status).toBe(200);
      cache = res.headers.get("x-folio-cache");
      views += 1;
      expect(views).toBeLessThan(20);
    }
    await expect
      .poll(() => visitsFrom("news.ycombinator.com").reduce((sum, row) => sum + row.views, 0))
      .toBe(views);
    const rows = visitsFrom("news.ycombinator.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      path: "/resume",
      projectId: null,
      visitor: expectedVisitor(ip),
    });
  });

  it("keeps the page cache's pages when the counts are written; a content change still empties it", async () => {
    const headers = { "X-Forwarded-For": client(), Referer: "https://cache-kept.test/" };
    let views = 0;
    let cache: string | null = null;
    while (cache !== "hit") {
      const res = await visit("/projects/react", headers);
      expect(res.status).toBe(200);
      cache = res.headers.get("x-folio-cache");
      views += 1;
      expect(views).toBeLessThan(20);
    }
    // Written (a commit to the database), and the page is still answered from the cache.
    await expect
      .poll(() => visitsFrom("cache-kept.test").reduce((sum, row) => sum + row.views, 0))
      .toBe(views);
    expect((await visit("/projects/react", headers)).headers.get("x-folio-cache")).toBe("hit");
    // Any other commit (here by another process) is a content change: the page is made again.
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('test.content-change', '1', ?)`,
    ).run(Date.now());
    db.close();
    expect((await visit("/projects/react", headers)).headers.get("x-folio-cache")).not.toBe("hit");
  });

  it("keeps the page cache's pages when the day's first counts make the day's salt", async () => {
    // Every view counted so far written (a write takes all the buffered views at once).
    await visit("/", { "X-Forwarded-For": client(), Referer: "https://written-before.test/" });
    await expect.poll(() => visitsFrom("written-before.test").length).toBe(1);
    // No salt yet (as at the start of a day). Deleting it is another process's commit: a content
    // change, made before the page below is stored.
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    db.prepare(`DELETE FROM "VisitSalt"`).run();
    db.close();
    // The page stored by requests that are not counted (Do Not Track): nothing to write yet.
    let cache: string | null = null;
    for (let tries = 0; cache !== "hit"; tries++) {
      expect(tries).toBeLessThan(20);
      cache = (await visit("/projects/laravel", { DNT: "1" })).headers.get("x-folio-cache");
    }
    expect(query(`SELECT * FROM "VisitSalt"`)).toEqual([]);
    const headers = { "X-Forwarded-For": client(), Referer: "https://first-of-day.test/" };
    expect((await visit("/projects/laravel", headers)).headers.get("x-folio-cache")).toBe("hit");
    await expect.poll(() => visitsFrom("first-of-day.test").length).toBe(1);
    // The salt was made with those counts, and the stored page is still the one answered.
    expect(query(`SELECT "day" FROM "VisitSalt"`)).toHaveLength(1);
    expect((await visit("/projects/laravel", headers)).headers.get("x-folio-cache")).toBe("hit");
  });

  it("counts a project's page with its project, and the listing's later pages as /projects", async () => {
    const [project] = query<{ id: number }>(
      `SELECT "id" FROM "Project" WHERE "draft" = 0 ORDER BY "id" LIMIT 1`,
    );
    const headers = { "X-Forwarded-For": client(), Referer: "https://www.LinkedIn.com/feed/" };
    expect((await visit(`/projects/${project.id}/`, headers)).status).toBe(200);
    expect((await visit("/projects?page=2", headers)).status).toBe(200);
    expect((await visit("/contact", headers)).status).toBe(200);
    await expect.poll(() => visitsFrom("linkedin.com").length).toBe(3);
    expect(
      visitsFrom("linkedin.com")
        .map((row) => [row.path, row.projectId, row.views])
        .sort(),
    ).toEqual(
      [
        ["/contact", null, 1],
        [`/projects/${project.id}`, project.id, 1],
        ["/projects", null, 1],
      ].sort(),
    );
  });

  it("does not count bots, an empty User-Agent, DNT, GPC, prefetches or data requests", async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      [
        "/",
        "googlebot.test",
        {
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
      ],
      ["/", "empty-agent.test", { "User-Agent": "" }],
      ["/resume", "dnt.test", { DNT: "1" }],
      ["/resume", "gpc.test", { "Sec-GPC": "1" }],
      ["/projects", "prefetch.test", { "Sec-Purpose": "prefetch" }],
      ["/?_data=routes%2F_site._index", "data.test", {}],
      ["/projects", "head.test", {}],
    ];
    for (const [path, referrer, headers] of cases) {
      const res =
        referrer === "head.test"
          ? await fetch(`${server.url}${path}`, {
              method: "HEAD",
              headers: { "User-Agent": BROWSER, Referer: `https://${referrer}/` },
            })
          : await visit(path, {
              "X-Forwarded-For": client(),
              Referer: `https://${referrer}/`,
              ...headers,
            });
      expect(res.status, referrer).toBe(200);
    }
    await sentinel();
    for (const [, referrer] of cases) expect(visitsFrom(referrer), referrer).toEqual([]);
  });

  it("does not count the owner: signed in, or signed out with the device cookie kept", async () => {
    const cookies = await signInOverHttp(server, OWNER);
    const device = cookies.split("; ").find((c) => /^(?:__Host-)?folio_device=/.test(c));
    expect(device, "the device cookie set at sign-in").toBeDefined();
    expect((await visit("/", { Cookie: cookies, Referer: "https://owner-in.test/" })).status).toBe(
      200,
    );
    expect(
      (await visit("/resume", { Cookie: device!, Referer: "https://owner-out.test/" })).status,
    ).toBe(200);
    expect(
      (await visit("/", { Authorization: "Bearer not-the-token", Referer: "https://api.test/" }))
        .status,
    ).toBe(200);
    await sentinel();
    expect(visitsFrom("owner-in.test")).toEqual([]);
    expect(visitsFrom("owner-out.test")).toEqual([]);
    expect(visitsFrom("api.test")).toEqual([]);
  });

  it("does not count a draft's 404 or a page that does not exist", async () => {
    const [project] = query<{ id: number }>(
      `SELECT "id" FROM "Project" ORDER BY "id" DESC LIMIT 1`,
    );
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    db.prepare(`UPDATE "Project" SET "draft" = 1 WHERE "id" = ?`).run(project.id);
    db.close();
    const headers = { "X-Forwarded-For": client(), Referer: "https://not-found.test/" };
    expect((await visit(`/projects/${project.id}`, headers)).status).toBe(404);
    expect((await visit("/projects/999999999", headers)).status).toBe(404);
    expect((await visit("/no-such-page", headers)).status).toBe(404);
    await sentinel();
    expect(visitsFrom("not-found.test")).toEqual([]);
  });

  it("records the referring site's host name, and none for a link within this site", async () => {
    const ip = client();
    const agent = `${BROWSER} internal-link`;
    expect(
      (
        await visit("/projects", {
          "X-Forwarded-For": ip,
          "User-Agent": agent,
          Referer: `${server.url}/`,
        })
      ).status,
    ).toBe(200);
    await expect
      .poll(() =>
        query<VisitRow>(`SELECT * FROM "Visit" WHERE "visitor" = ?`, expectedVisitor(ip, agent)),
      )
      .toMatchObject([{ path: "/projects", referrer: "", views: 1 }]);
  });

  it("stores no address and no user agent: not in any row, nor anywhere in the database file or its WAL", async () => {
    const ip = "203.0.113.77";
    const agent =
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 FolioPrivacyProbe7f3a";
    expect((await visit("/", { "X-Forwarded-For": ip, "User-Agent": agent })).status).toBe(200);
    await expect
      .poll(
        () => query(`SELECT * FROM "Visit" WHERE "visitor" = ?`, expectedVisitor(ip, agent)).length,
      )
      .toBe(1);
    const rows = JSON.stringify([
      query(`SELECT * FROM "Visit"`),
      query(`SELECT * FROM "VisitSalt"`),
    ]);
    for (const secret of [ip, "FolioPrivacyProbe7f3a"]) {
      expect(rows).not.toContain(secret);
      for (const file of [server.databaseFile, `${server.databaseFile}-wal`]) {
        if (!fs.existsSync(file)) continue;
        const bytes = fs.readFileSync(file);
        expect(bytes.includes(Buffer.from(secret, "utf8")), `${secret} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, "utf16le")), `${secret} in ${file}`).toBe(false);
      }
    }
    // The file was read: the probe's visitor hash is in it.
    const stored = Buffer.concat(
      [server.databaseFile, `${server.databaseFile}-wal`]
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file)),
    );
    expect(stored.includes(Buffer.from(expectedVisitor(ip, agent)))).toBe(true);
  });
});

describe("visit statistics settings", () => {
  it("FOLIO_VISIT_STATS=0 counts nothing (not even at shutdown)", async () => {
    const off = await startTestServer({
      env: { FOLIO_VISIT_STATS: "0", FOLIO_STATS_FLUSH_MS: "100", RATE_LIMIT_DISABLED: "1" },
    });
    try {
      for (const path of ["/", "/resume", "/projects"]) {
        const res = await fetch(`${off.url}${path}`, { headers: { "User-Agent": BROWSER } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
      }
    } finally {
      expect(await off.stop()).toBe(0);
    }
    const db = new Database(off.databaseFile, { readonly: true });
    expect(db.prepare(`SELECT COUNT(*) AS n FROM "Visit"`).get()).toEqual({ n: 0 });
    expect(db.prepare(`SELECT COUNT(*) AS n FROM "VisitSalt"`).get()).toEqual({ n: 0 });
    db.close();
  });

  it("writes the views still in memory at shutdown", async () => {
    const on = await startTestServer({
      env: { FOLIO_STATS_FLUSH_MS: "3600000", RATE_LIMIT_DISABLED: "1" },
    });
    try {
      for (const path of ["/", "/", "/resume"]) {
        const res = await fetch(`${on.url}${path}`, { headers: { "User-Agent": BROWSER } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
      }
    } finally {
      expect(await on.stop()).toBe(0);
    }
    const db = new Database(on.databaseFile, { readonly: true });
    const rows = db.prepare(`SELECT "path", "views" FROM "Visit" ORDER BY "path"`).all();
    db.close();
    expect(rows).toEqual([
      { path: "/", views: 2 },
      { path: "/resume", views: 1 },
    ]);
  });
});
