import { beforeEach, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as dashboardIndexLoader } from "~/routes/dashboard._index";
import { createFirstOwner, setOwnerPassword, verifyOwnerLogin } from "~/models/owner.server";
import { prisma } from "~/models/db.server";
import { env } from "~/utils/env.server";
import { cookieFrom, formRequest, getRequest, OWNER, run } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });

async function login(email: string, password: string, extra: Record<string, string> = {}) {
  return run(() =>
    loginAction(args(formRequest("/login", { intent: "login", email, password, ...extra }))),
  );
}

describe("owner sign-in", () => {
  beforeEach(async () => {
    await prisma.rateLimit.deleteMany();
    await prisma.session.deleteMany();
    if (!(await prisma.owner.count())) await createFirstOwner(OWNER.email, OWNER.password);
  });

  it("signs in with the right password: a session cookie holding only a random id, a redirect and a toast", async () => {
    const res = await login(OWNER.email, OWNER.password, { redirectTo: "/dashboard/admin/skills" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/skills");
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("folio_session="));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(cookies.some((c) => c.startsWith("folio_toast="))).toBe(true);
    const rows = await prisma.session.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].id.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
  });

  it("issues a new session id at every login", async () => {
    await login(OWNER.email, OWNER.password);
    await login(OWNER.email, OWNER.password);
    const ids = (await prisma.session.findMany()).map((s) => s.id);
    expect(new Set(ids).size).toBe(2);
  });

  it("refuses a wrong password or unknown email with the same message, 401, and keeps the email", async () => {
    for (const [email, password] of [
      [OWNER.email, "wrong-password"],
      ["nobody@example.com", OWNER.password],
    ]) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.dialog).toEqual({
        kind: "error",
        title: "Oops...",
        text: "Invalid email or password.",
      });
      expect(body.initialValue.email).toBe(email);
      expect(body.initialValue.password).toBeUndefined(); // never sent back
      expect(res.headers.get("Set-Cookie") ?? "").not.toMatch(/folio_session=/);
    }
  });

  it("answers 400 for a malformed email or a password over 72 bytes (never truncated)", async () => {
    expect((await login("not-an-email", "whatever-password")).status).toBe(400);
    const long = await login(OWNER.email, `${OWNER.password}${"x".repeat(80)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).error.password?.[0]).toMatch(/72 bytes/);
  });

  it("throttles repeated failures per IP and per email with a 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(OWNER.email, `wrong-${i}-password`)).status).toBe(401);
    const blocked = await login(OWNER.email, OWNER.password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).dialog.text).toMatch(/Too many failed login attempts/);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("logout deletes the session so a copied cookie stops working", async () => {
    const cookie = cookieFrom(await login(OWNER.email, OWNER.password));
    expect(
      (await run(() => dashboardLoader(args(getRequest("/dashboard", { cookie }))))).status,
    ).toBe(200);
    const out = await run(() => logoutAction(args(formRequest("/logout", {}, { cookie }))));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(await prisma.session.count()).toBe(0);
    const after = await run(() => dashboardLoader(args(getRequest("/dashboard", { cookie }))));
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("every dashboard loader refuses an anonymous request with a replace-redirect to /login", async () => {
    const loaders: Array<(a: ReturnType<typeof args>) => Promise<unknown>> = [
      dashboardLoader,
      dashboardIndexLoader,
    ];
    for (const loader of loaders) {
      const res = await run(() => loader(args(getRequest("/dashboard?tab=1"))));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%3Ftab%3D1");
      expect(res.headers.get("X-Remix-Replace")).toBe("true");
    }
  });

  it("an expired session is refused and removed", async () => {
    const cookie = cookieFrom(await login(OWNER.email, OWNER.password));
    await prisma.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await run(() => dashboardLoader(args(getRequest("/dashboard", { cookie }))));
    expect(res.status).toBe(302);
    expect(await prisma.session.count()).toBe(0);
  });

  it("the CLI password reset sets a new password and ends every session", async () => {
    await login(OWNER.email, OWNER.password);
    expect(await setOwnerPassword(OWNER.email, "a-brand-new-password")).toBe(true);
    expect(await prisma.session.count()).toBe(0);
    expect(await verifyOwnerLogin(OWNER.email, "a-brand-new-password")).not.toBeNull();
    expect(await verifyOwnerLogin(OWNER.email, OWNER.password)).toBeNull();
    const owner = await prisma.owner.findFirstOrThrow();
    // bcrypt, with the configured cost (12 by default; the test suite runs with a lower one).
    const cost = String(env().PASSWORD_HASH_COST).padStart(2, "0");
    expect(owner.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${cost}\\$`));
    await setOwnerPassword(OWNER.email, OWNER.password);
  });
});

describe("first run", () => {
  it("offers owner creation only while no owner exists, then refuses it", async () => {
    await prisma.owner.deleteMany();
    const before = await run(() => loginLoader(args(getRequest("/login"))));
    expect(await before.json()).toEqual({ setup: true });

    const mismatch = await run(() =>
      loginAction(
        args(
          formRequest("/login", {
            intent: "setup",
            email: "first@example.com",
            password: "long-enough-1",
            confirmPassword: "other-value-1",
          }),
        ),
      ),
    );
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error.confirmPassword).toEqual(["Passwords do not match"]);

    const created = await run(() =>
      loginAction(
        args(
          formRequest("/login", {
            intent: "setup",
            email: "first@example.com",
            password: "long-enough-1",
            confirmPassword: "long-enough-1",
          }),
        ),
      ),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/dashboard");

    const again = await run(() =>
      loginAction(
        args(
          formRequest("/login", {
            intent: "setup",
            email: "second@example.com",
            password: "long-enough-2",
            confirmPassword: "long-enough-2",
          }),
        ),
      ),
    );
    expect(again.status).toBe(403);
    expect(await prisma.owner.count()).toBe(1);
    const after = await run(() => loginLoader(args(getRequest("/login"))));
    expect(await after.json()).toEqual({ setup: false });
    await prisma.owner.deleteMany();
    await createFirstOwner(OWNER.email, OWNER.password);
  });
});
