import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as themeAction } from "~/routes/theme";
import { cookieFrom, formRequest, getRequest, run } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("theme preference", () => {
  it("defaults to the system setting", async () => {
    const data = await (await run(() => rootLoader(args(getRequest("/"))))).json();
    expect(data.theme).toBe("system");
  });

  it("remembers a chosen theme in a long-lived cookie and redirects back (no JavaScript needed)", async () => {
    const res = await run(() =>
      themeAction(args(formRequest("/theme", { theme: "dark", redirectTo: "/projects?page=2" }))),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/projects?page=2");
    const setCookie = res.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^folio_theme=/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const data = await (
      await run(() => rootLoader(args(getRequest("/", { cookie: cookieFrom(res) }))))
    ).json();
    expect(data.theme).toBe("dark");
  });

  it("answers JSON for a fetcher and refuses unknown themes with 400", async () => {
    const ok = await run(() => themeAction(args(formRequest("/theme", { theme: "light" }))));
    expect(await ok.json()).toEqual({ ok: true, theme: "light" });
    const bad = await run(() => themeAction(args(formRequest("/theme", { theme: "purple" }))));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Choose a theme/);
  });

  it("never redirects off the site", async () => {
    const res = await run(() =>
      themeAction(args(formRequest("/theme", { theme: "dark", redirectTo: "//evil.example/x" }))),
    );
    expect(res.headers.get("Location")).toBe("/");
  });

  it("ignores a tampered cookie", async () => {
    const data = await (
      await run(() => rootLoader(args(getRequest("/", { cookie: "folio_theme=InB1cnBsZSI%3D" }))))
    ).json();
    expect(data.theme).toBe("system");
  });
});
