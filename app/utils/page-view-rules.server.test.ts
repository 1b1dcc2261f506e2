import { describe, expect, it } from "vitest";
import {
  pageViewOf,
  referrerOf,
  type FinishedRequest,
  type RequestHeaders,
} from "./page-view-rules.server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const HOST = "folio.example";

function request(
  url: string,
  {
    headers = {},
    ...over
  }: Partial<Omit<FinishedRequest, "headers">> & { headers?: RequestHeaders } = {},
): FinishedRequest {
  return {
    method: "GET",
    url,
    status: 200,
    host: HOST,
    ...over,
    headers: { "user-agent": BROWSER, ...headers },
  };
}

describe("pageViewOf: what counts as a page view", () => {
  it.each([
    ["/", "/", null],
    ["/projects", "/projects", null],
    ["/projects/", "/projects", null],
    ["/projects?page=2", "/projects", null],
    ["/projects/react", "/projects/react", null],
    ["/projects/laravel/", "/projects/laravel", null],
    ["/projects/12", "/projects/12", 12],
    ["/projects/12/", "/projects/12", 12],
    ["/projects/012?from=feed", "/projects/12", 12],
    ["/resume", "/resume", null],
    ["/resume/", "/resume", null],
    ["/contact", "/contact", null],
    ["/contact?sent=1", "/contact", null],
  ])("counts a browser's GET of %s as %s", (url, path, projectId) => {
    expect(pageViewOf(request(url))).toEqual({ path, projectId, referrer: "" });
  });

  it("counts a 304 (the browser shows the copy it has)", () => {
    expect(pageViewOf(request("/", { status: 304 }))?.path).toBe("/");
  });

  it.each([
    "/dashboard",
    "/dashboard/admin/stats",
    "/login",
    "/projects/abc",
    "/projects/12/edit",
    "/projects/1234567890123",
    "/resume.json",
    "/feed.xml",
    "/sitemap.xml",
    "/healthz",
    "/og/home.png",
    "/images/abc",
    "/assets/entry.js",
    "/favicon.ico",
    "//",
    "/projects//",
    "/RESUME",
    "/unknown-page",
  ])("does not count %s", (url) => {
    expect(pageViewOf(request(url))).toBeNull();
  });

  it.each(["HEAD", "POST", "PUT", "DELETE", "OPTIONS"])("does not count %s", (method) => {
    expect(pageViewOf(request("/", { method }))).toBeNull();
  });

  it.each([404, 500, 302, 303, 400, 429, 206])("does not count an answer %i", (status) => {
    expect(pageViewOf(request("/projects/3", { status }))).toBeNull();
  });

  it.each([
    "/?_data=routes%2F_site._index",
    "/projects?page=2&_data=routes%2F_site.projects._index",
    "/resume?_data",
    "/resume?_data&x=1",
  ])("does not count Remix's data request %s", (url) => {
    expect(pageViewOf(request(url))).toBeNull();
  });

  it("counts a query that only looks like _data", () => {
    expect(pageViewOf(request("/resume?x_data=1"))?.path).toBe("/resume");
  });

  it.each([
    ["no User-Agent", { "user-agent": undefined }],
    ["an empty User-Agent", { "user-agent": "" }],
    ["a blank User-Agent", { "user-agent": "   " }],
    [
      "Googlebot",
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    ],
    [
      "Bingbot",
      { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" },
    ],
    ["curl", { "user-agent": "curl/8.5.0" }],
    ["a headless Chrome", { "user-agent": "Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36" }],
    ["DNT: 1", { dnt: "1" }],
    ["Sec-GPC: 1", { "sec-gpc": "1" }],
    ["Sec-Purpose: prefetch", { "sec-purpose": "prefetch" }],
    ["Sec-Purpose: prefetch;prerender", { "sec-purpose": "prefetch;prerender" }],
    ["Purpose: prefetch", { purpose: "prefetch" }],
    ["X-Moz: prefetch", { "x-moz": "prefetch" }],
    ["an Authorization header", { authorization: "Bearer whatever" }],
    ["the session cookie", { cookie: "folio_session=abc" }],
    ["the secure session cookie", { cookie: "folio_theme=dark; __Host-folio_session=abc" }],
    ["the device cookie", { cookie: "folio_device=abc" }],
    ["the secure device cookie", { cookie: "folio_theme=light;__Host-folio_device=abc" }],
  ])("does not count a request with %s", (_label, headers) => {
    expect(pageViewOf(request("/", { headers }))).toBeNull();
  });

  it("counts a visitor with only the theme cookie, DNT: 0 or a cookie merely named alike", () => {
    for (const headers of [
      { cookie: "folio_theme=dark" },
      { dnt: "0" },
      { "sec-gpc": "0" },
      { cookie: "my_folio_session=1; xfolio_device=2" },
    ]) {
      expect(pageViewOf(request("/", { headers }))?.path).toBe("/");
    }
  });

  it("records the referring site", () => {
    const view = pageViewOf(
      request("/projects/4", { headers: { referer: "https://www.Google.com/search?q=x" } }),
    );
    expect(view).toEqual({ path: "/projects/4", projectId: 4, referrer: "google.com" });
  });
});

describe("referrerOf: the referring site's host name", () => {
  it.each([
    ["https://news.ycombinator.com/item?id=1", "news.ycombinator.com"],
    ["http://WWW.Example.ORG/a", "example.org"],
    ["https://www.linkedin.com./feed", "linkedin.com"],
    ["https://example.org:8443/x", "example.org"],
    ["https://[2001:db8::1]/x", "[2001:db8::1]"],
    ["https://user:pw@blog.example.net/", "blog.example.net"],
  ])("%s is %s", (referer, host) => {
    expect(referrerOf(referer, HOST)).toBe(host);
  });

  it.each([
    [undefined, "no Referer"],
    ["", "an empty one"],
    ["not a url", "not a URL"],
    ["android-app://com.google.android.gm/", "not http(s)"],
    ["ftp://example.org/", "ftp"],
    ["javascript:alert(1)", "javascript:"],
    ["https://folio.example/projects", "this site"],
    ["https://www.folio.example/", "this site with www."],
    ["http://FOLIO.example:8080/", "this site on another port"],
    [`https://${"a".repeat(250)}.com/`, "a host name over 253 characters"],
    [`https://example.org/${"x".repeat(5000)}`, "a Referer over 4096 characters"],
  ])("%s (%s) is none", (referer, _label) => {
    expect(referrerOf(referer, HOST)).toBe("");
  });

  it("compares with this site's host without its port", () => {
    expect(referrerOf("http://localhost:3000/", "localhost:3000")).toBe("");
    expect(referrerOf("http://127.0.0.1/", "127.0.0.1:3000")).toBe("");
    expect(referrerOf("http://[::1]:3000/", "[::1]:3000")).toBe("");
  });
});
