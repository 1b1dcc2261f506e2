// One title pattern everywhere (issue #17), most specific part first, joined by " · ":
// "Skills · Dashboard · Folio", "My React Type Projects · Alex Morgan", "Page not found · Alex
// Morgan". Every page of the route manifest is fetched (records with id 1, which the seed has),
// so a new screen is checked without editing this file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePatterns } from "../support/routes";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "page-titles-owner-password" };
const OWNER_NAME = "Alex Morgan";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, RATE_LIMIT_DISABLED: "1" },
  });
  cookie = await signInOverHttp(server, OWNER);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function titleOf(path: string, withCookie = true) {
  const res = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: withCookie ? { Cookie: cookie } : {},
  });
  const html = await res.text();
  return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null };
}

/** The HTML pages of the manifest (not the REST API, feeds, images or other resources). */
const pagePaths = routePatterns()
  .filter(
    (pattern) => pattern === "/" || /^\/(dashboard|projects|contact|resume|login)/.test(pattern),
  )
  .filter(
    (pattern) => !/\/(reorder|upload-image|download)$|\./.test(pattern) && pattern !== "/logout",
  )
  .map((pattern) => pattern.replace(/:[a-z]+/gi, "1").replace("/*", "/no-such-page"));

/** "A · B · C": parts that are not empty and contain no separator of their own. */
const PARTS = "[^·]*\\S";

describe("page titles", () => {
  it("the manifest gives the dashboard, public and sign-in pages", () => {
    expect(pagePaths).toEqual(expect.arrayContaining(["/", "/dashboard", "/contact", "/login"]));
    expect(pagePaths.filter((p) => p.startsWith("/dashboard/admin")).length).toBeGreaterThan(20);
  });

  it.each(pagePaths.filter((p) => p.startsWith("/dashboard")))(
    "%s: '<page> · Dashboard · Folio'",
    async (path) => {
      const { title } = await titleOf(path);
      expect(title).toMatch(new RegExp(`^(${PARTS} · )+Dashboard · Folio$|^Dashboard · Folio$`));
    },
  );

  it.each(pagePaths.filter((p) => !p.startsWith("/dashboard") && !p.startsWith("/login")))(
    "%s: '<page> · <owner>'",
    async (path) => {
      const { title } = await titleOf(path, false);
      expect(title).toMatch(
        new RegExp(`^(${PARTS} · )+${OWNER_NAME}$|^${OWNER_NAME} · Developer Portfolio$`),
      );
    },
  );

  it("names what is shown: the screen, the record, the error", async () => {
    expect((await titleOf("/dashboard")).title).toBe("Dashboard · Folio");
    expect((await titleOf("/dashboard/admin/skills")).title).toBe("Skills · Dashboard · Folio");
    expect((await titleOf("/dashboard/admin/skills/add")).title).toBe(
      "Add Skill · Dashboard · Folio",
    );
    expect((await titleOf("/dashboard/admin/no-such-screen")).title).toBe(
      "Not found · Dashboard · Folio",
    );
    expect((await titleOf("/dashboard/admin/portfolio-view/1")).title).toMatch(
      /^[^·]+ · Projects · Dashboard · Folio$/,
    );
    expect((await titleOf("/no-such-page", false)).title).toBe(`Page not found · ${OWNER_NAME}`);
    expect((await titleOf("/projects/999999", false)).title).toBe(
      `Project not found · ${OWNER_NAME}`,
    );
    expect((await titleOf("/projects/react", false)).title).toBe(
      `My React Type Projects · ${OWNER_NAME}`,
    );
    expect((await titleOf("/login", false)).title).toBe("Login · Folio");
  });
});
