// The production server's edges on the open internet (issue #13): redirects after sign-in that
// cannot leave the site, forged proxy and Host headers, cross-site writes by Referer, private
// answers never cached, rate limits that know the owner, and the smaller ones (one nosniff on
// images, empty settings meaning "default"). Every test speaks HTTP to a real server.
import http from "node:http";
import sharp from "sharp";
import { DEFAULT_PUBLIC_CACHE_CONTROL } from "../../app/utils/env.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "edge-test-password-123" };
const API_TOKEN = "edge-test-api-token-0123456789abcdef";
const OWNER_ENV = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, API_TOKEN };

/** TRUST_PROXY off, PUBLIC_URL unset, no rate limits, and COOKIE_SECURE given empty. */
let plain: TestServer;
/** TRUST_PROXY on. */
let proxied: TestServer;
/** The default per-address limits (600 requests, 60 writes a minute). */
let limited: TestServer;
let cookie: string;

beforeAll(async () => {
  [plain, proxied, limited] = await Promise.all([
    startTestServer({
      seed: true,
      env: {
        ...OWNER_ENV,
        RATE_LIMIT_DISABLED: "1",
        TRUST_PROXY: undefined,
        PUBLIC_URL: undefined,
        COOKIE_SECURE: "",
      },
    }),
    startTestServer({
      env: { ...OWNER_ENV, RATE_LIMIT_DISABLED: "1", TRUST_PROXY: "1", PUBLIC_URL: undefined },
    }),
    startTestServer({
      env: {
        ...OWNER_ENV,
        RATE_LIMIT_DISABLED: undefined,
        RATE_LIMIT_RPM: undefined,
        RATE_LIMIT_WRITE_RPM: undefined,
        RATE_LIMIT_WINDOW_SECONDS: undefined,
      },
    }),
  ]);
  cookie = await signInOverHttp(plain, OWNER);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), proxied?.stop(), limited?.stop()]);
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with exactly these headers (fetch will not send a forged Host). */
function raw(
  server: TestServer,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path, method, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

describe("the redirect after sign-in", () => {
  const hostile = [
    "/%09/evil.example",
    "/\t/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/%0a/x",
    "%2F%2Fevil.example",
    "/\r\n/evil",
    "/%252F/evil.example",
    "/%25%30%39/evil.example",
    " //evil.example",
  ];

  // 28 sign-ins, each a bcrypt check (cost 12): more than the default 30 s when the machine is
  // shared with Playwright (npm test runs them side by side).
  it("lands on /dashboard for every hostile redirectTo, for the document POST and the ?_data= answer", async () => {
    for (const redirectTo of hostile) {
      const label = JSON.stringify(redirectTo);
      const doc = await fetch(`${plain.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: plain.url, "Content-Type": FORM },
        body: form({ intent: "login", ...OWNER, redirectTo }),
      });
      expect(doc.status, label).toBe(302);
      expect(doc.headers.get("location"), label).toBe("/dashboard");

      const data = await fetch(`${plain.url}/login?_data=routes%2Flogin`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: plain.url, "Content-Type": FORM },
        body: form({ intent: "login", ...OWNER, redirectTo }),
      });
      expect(data.status, label).toBe(204);
      expect(data.headers.get("x-remix-redirect"), label).toBe("/dashboard");
    }
  }, 120_000);

  it("keeps a path of this site, and never answers 5xx to an odd redirectTo in the URL", async () => {
    const doc = await fetch(`${plain.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: plain.url, "Content-Type": FORM },
      body: form({ intent: "login", ...OWNER, redirectTo: "/dashboard/admin/skills?page=1" }),
    });
    expect(doc.headers.get("location")).toBe("/dashboard/admin/skills?page=1");
    for (const value of ["/%0a/x", "%E0%A4%A", "/%00", "\\\\evil.example"]) {
      const page = await raw(plain, `/login?redirectTo=${encodeURIComponent(value)}`);
      expect(page.status, value).toBe(200);
    }
  });
});

describe("proxy and Host headers", () => {
  const FORGED = {
    "X-Forwarded-Host": "evil.example:8443",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "198.51.100.7",
    Forwarded: "for=198.51.100.7;host=evil.example;proto=https",
  };

  it("without TRUST_PROXY, no X-Forwarded-* header reaches URL building (not even X-Forwarded-Host's port)", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/feed.xml", "/resume.json"]) {
      const res = await raw(plain, path, { headers: FORGED });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain(`http://127.0.0.1:${plain.port}`);
      expect(res.body, path).not.toMatch(/evil\.example|:8443|https:\/\/127/);
    }
    // Pages carry the site's URL in their data too.
    const page = await raw(plain, "/projects", { headers: FORGED });
    expect(page.body).toContain(`http://127.0.0.1:${plain.port}`);
    expect(page.body).not.toMatch(/evil\.example|:8443/);
  });

  it("without TRUST_PROXY, X-Forwarded-Proto/Host do not make a foreign Origin look like our own", async () => {
    const res = await raw(plain, "/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example:8443", Cookie: cookie, ...FORGED },
    });
    expect(res.status).toBe(403);
  });

  it("never answers a page rendered for a forged Host (or X-Forwarded-Host) to the next visitor", async () => {
    const host = `127.0.0.1:${plain.port}`;
    for (const path of ["/", "/resume", "/projects/react"]) {
      // The forged request comes first, while the page is not cached yet.
      const forgedHost = await raw(plain, path, { headers: { Host: "evil.example" } });
      expect(forgedHost.status, path).toBe(200);
      await raw(plain, path, { headers: { Host: host, ...FORGED } });
      const next = await raw(plain, path, { headers: { Host: host } });
      const again = await raw(plain, path, { headers: { Host: host } });
      for (const res of [next, again]) {
        expect(res.status).toBe(200);
        expect(res.body, path).toContain(`http://${host}`);
        expect(res.body, path).not.toMatch(/evil\.example|:8443/);
      }
      expect(again.headers["x-folio-cache"]).toBe("hit");
    }
    // A malformed Host is answered but never kept.
    const odd = await raw(plain, "/", { headers: { Host: "x".repeat(300) } });
    expect(odd.headers["x-folio-cache"]).toBeUndefined();
  });

  it("with TRUST_PROXY, keeps a stored page to the X-Forwarded-Host and -Proto it was rendered for (pages answered before Express too)", async () => {
    const as = (host: string, proto = "https") =>
      raw(proxied, "/resume", {
        headers: { "X-Forwarded-Host": `${host}, proxy.internal`, "X-Forwarded-Proto": proto },
      });
    await as("a.example");
    const a = await as("a.example");
    expect(a.headers["x-folio-cache"]).toBe("hit");
    expect(a.body).toContain("https://a.example");
    for (const [host, proto] of [
      ["b.example", "https"],
      ["a.example", "http"],
    ]) {
      const other = await as(host, proto);
      expect(other.headers["x-folio-cache"], `${proto}://${host}`).toBe("miss");
      expect(other.body).toContain(`${proto}://${host}`);
      expect(other.body).not.toContain(proto === "http" ? "https://a.example" : "a.example");
    }
  });

  it("with TRUST_PROXY, trusts X-Forwarded-Proto and X-Forwarded-Host (first value) for URLs and the Origin check", async () => {
    const headers = {
      "X-Forwarded-Host": "folio.example, proxy.internal",
      "X-Forwarded-Proto": "https, http",
    };
    const sitemap = await raw(proxied, "/sitemap.xml", { headers });
    expect(sitemap.body).toContain("<loc>https://folio.example/</loc>");
    expect(sitemap.body).not.toMatch(/proxy\.internal|folio\.example:/);
    const own = await raw(proxied, "/login", {
      method: "POST",
      headers: { ...headers, Origin: "https://folio.example", "Content-Type": FORM },
      body: form({ intent: "login", email: OWNER.email, password: "wrong-password-1" }),
    });
    expect(own.status).not.toBe(403);
    const foreign = await raw(proxied, "/login", {
      method: "POST",
      headers: { ...headers, Origin: `http://127.0.0.1:${proxied.port}`, "Content-Type": FORM },
      body: form({ intent: "login", email: OWNER.email, password: "wrong-password-1" }),
    });
    expect(foreign.status).toBe(403);
  });
});

describe("cross-site writes", () => {
  it("refuses a signed-in POST with a foreign Referer and no Origin (the session stays)", async () => {
    for (const referer of ["https://evil.example/page", "http://localhost:1/", "not-a-url"]) {
      const res = await fetch(`${plain.url}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Referer: referer },
      });
      expect(res.status, referer).toBe(403);
    }
    const dashboard = await fetch(`${plain.url}/dashboard`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(dashboard.status).toBe(200);
  });

  it("refuses a signed-in write with neither Origin nor Referer, and accepts a same-origin Referer", async () => {
    const own = await signInOverHttp(plain, OWNER);
    const add = (headers: Record<string, string>) =>
      fetch(`${plain.url}/dashboard/admin/skills/add`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: own, "Content-Type": FORM, ...headers },
        body: form({ name: "Referer skill" }),
      });
    const bare = await add({});
    expect(bare.status).toBe(403);
    expect(await bare.text()).toMatch(/neither where it comes from \(Origin\)/);
    const json = await fetch(`${plain.url}/dashboard/admin/skills/add?_data=x`, {
      method: "POST",
      headers: { Cookie: own, "Content-Type": FORM },
      body: form({ name: "x" }),
    });
    expect(json.status).toBe(403);
    expect((await json.json()).success).toBe(false);

    const sameOrigin = await add({ Referer: `${plain.url}/dashboard/admin/skills/add` });
    expect(sameOrigin.status).toBe(302);
  });

  it("keeps cookie-less clients working without either header (Bearer-token scripts, curl)", async () => {
    const api = await fetch(`${plain.url}/addskill`, {
      method: "POST",
      headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "From a script" }),
    });
    expect(api.status).toBe(201);
    const login = await fetch(`${plain.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": FORM },
      body: form({ intent: "login", ...OWNER }),
    });
    expect(login.status).toBe(302);
  });
});

describe("Cache-Control on private answers", () => {
  const noStore = (res: Response, what: string) =>
    expect(res.headers.get("cache-control"), what).toBe("no-store");

  it("is no-store on every dashboard document and data answer, /login, /logout, the backup download and owner API answers, signed in and out", async () => {
    const privateUrls = [
      "/dashboard",
      "/dashboard?_data=routes%2Fdashboard",
      "/dashboard?_data=routes%2Fdashboard._index",
      "/dashboard/admin/profile",
      "/dashboard/admin/profile?_data=routes%2Fdashboard.admin.profile",
      "/dashboard/admin/skills",
      "/dashboard/admin/messages",
      "/dashboard/admin/backup",
      "/dashboard/admin/backup/download",
      "/dashboard/no-such-screen",
      "/login",
      "/login?_data=routes%2Flogin",
      "/logout",
    ];
    for (const headers of [{ Cookie: cookie }, {}] as Array<Record<string, string>>) {
      const who = headers.Cookie ? "signed in" : "signed out";
      for (const url of privateUrls) {
        const res = await fetch(`${plain.url}${url}`, { redirect: "manual", headers });
        await res.arrayBuffer();
        noStore(res, `${url} ${who}`);
      }
    }
    const writes: Array<[string, RequestInit]> = [
      [
        "/login",
        {
          method: "POST",
          headers: { Origin: plain.url, "Content-Type": FORM },
          body: form({ intent: "login", email: OWNER.email, password: "wrong-password-2" }),
        },
      ],
      ["/logout", { method: "POST", headers: { Origin: plain.url, Cookie: cookie } }],
    ];
    for (const [url, init] of writes) {
      const res = await fetch(`${plain.url}${url}`, { redirect: "manual", ...init });
      noStore(res, `POST ${url}`);
    }
    cookie = await signInOverHttp(plain, OWNER); // the /logout above ended that session
    for (const url of ["/addskill", "/api/openapi.json", "/feed.xml", "/"]) {
      const res = await fetch(`${plain.url}${url}`, {
        headers: { Authorization: `Bearer ${API_TOKEN}` },
      });
      await res.arrayBuffer();
      noStore(res, `${url} with the token`);
      const owner = await fetch(`${plain.url}${url}`, { headers: { Cookie: cookie } });
      await owner.arrayBuffer();
      noStore(owner, `${url} for the signed-in owner`);
    }
  });

  it("leaves public caching as it was for anonymous visitors, and public pages shared-cacheable (PUBLIC_CACHE_CONTROL)", async () => {
    const feed = await fetch(`${plain.url}/feed.xml`);
    expect(feed.headers.get("cache-control")).toBe("public, max-age=300");
    const openapi = await fetch(`${plain.url}/api/openapi.json`);
    expect(openapi.headers.get("cache-control")).toBe("public, max-age=300");
    await fetch(`${plain.url}/resume`).then((r) => r.arrayBuffer());
    const page = await fetch(`${plain.url}/resume`);
    expect(page.headers.get("cache-control")).toBe(DEFAULT_PUBLIC_CACHE_CONTROL);
    expect(page.headers.get("x-folio-cache")).toBe("hit");
  });
});

describe("rate limits that know who is asking", () => {
  it("lets 105 REST writes with the token and 70 signed-in dashboard writes through, while an anonymous client and a bad token get 429 at the limit", async () => {
    const statuses = (list: Response[]) => list.map((r) => r.status);
    const token = { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" };
    const rest: Response[] = [];
    for (let i = 0; i < 105; i++) {
      rest.push(
        await fetch(`${limited.url}/addskill`, {
          method: "POST",
          headers: token,
          body: JSON.stringify({ name: `Scripted ${i}` }),
        }),
      );
    }
    expect(statuses(rest).filter((s) => s === 429)).toHaveLength(0);
    expect(new Set(statuses(rest))).toEqual(new Set([201]));

    const own = await signInOverHttp(limited, OWNER);
    const dashboard: Response[] = [];
    for (let i = 0; i < 70; i++) {
      dashboard.push(
        await fetch(`${limited.url}/dashboard/admin/skills/add`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: own, Origin: limited.url, "Content-Type": FORM },
          body: form({ name: `Bulk ${i}` }),
        }),
      );
    }
    expect(statuses(dashboard).filter((s) => s === 429)).toHaveLength(0);
    expect(new Set(statuses(dashboard))).toEqual(new Set([302]));

    // A wrong token counts as anonymous: the address's 60 writes (the sign-in above was one of
    // them, answered 401 here), then 429.
    const bad: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await fetch(`${limited.url}/addskill`, {
        method: "POST",
        headers: { ...token, Authorization: "Bearer not-the-token" },
        body: JSON.stringify({ name: "x" }),
      });
      await res.arrayBuffer();
      bad.push(res.status);
    }
    expect(bad.slice(0, 59).every((s) => s === 401)).toBe(true);
    expect(bad.slice(59)).toEqual([429, 429]);
    // So do a forged session cookie and an anonymous client from the same address.
    for (const headers of [
      { Cookie: "folio_session=forged.value; __Host-folio_session=forged" },
      {},
    ] as Array<Record<string, string>>) {
      const res = await fetch(`${limited.url}/login`, {
        method: "POST",
        headers: { ...headers, Origin: limited.url, "Content-Type": FORM },
        body: form({ intent: "login", email: OWNER.email, password: "x" }),
      });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    // The owner is still not limited.
    const after = await fetch(`${limited.url}/addskill`, {
      method: "POST",
      headers: token,
      body: JSON.stringify({ name: "After the limit" }),
    });
    expect(after.status).toBe(201);
    const page = await fetch(`${limited.url}/dashboard`, { headers: { Cookie: own } });
    expect(page.status).toBe(200);
  }, 120_000);
});

describe("smaller things", () => {
  it("answers an image with one X-Content-Type-Options, not two", async () => {
    const image = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append("image", new File([new Uint8Array(image)], "p.jpg", { type: "image/jpeg" }));
    const upload = await fetch(`${plain.url}/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${API_TOKEN}` },
      body,
    });
    expect(upload.status).toBe(200);
    const ref = ((await upload.json()) as { data: { url: string } }).data.url;
    const file = await raw(plain, `${ref}/320.webp`);
    expect(file.status).toBe(200);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toMatch(/immutable/);
  });

  it("starts with COOKIE_SECURE= (empty) and uses the production default: secure, __Host- cookies", () => {
    // `plain` was started with COOKIE_SECURE set to the empty string.
    expect(cookie).toMatch(/^__Host-folio_session=/);
  });
});
