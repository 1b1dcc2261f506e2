// The owner's security page (/dashboard/admin/security): change password, the list of active
// sessions with what each one is, and signing sessions out. Loader and action called as Remix
// does, against a real SQLite database.
import { beforeEach, describe, expect, it } from "vitest";
import {
  action as securityAction,
  loader as securityLoader,
} from "~/routes/dashboard.admin.security._index";
import { action as loginAction } from "~/routes/login";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { createFirstOwner, verifyOwnerLogin } from "~/models/owner.server";
import { prisma } from "~/models/db.server";
import { createOwnerSession, sessionHandle } from "~/utils/session.server";
import { cookieFrom, formRequest, getRequest, OWNER, run } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });
const URL_ = "/dashboard/admin/security";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const NEW_PASSWORD = "a-new-long-password";

let ownerId: number;

async function session(userAgent = FIREFOX, ipAddress = "198.51.100.4") {
  const setCookie = await createOwnerSession(ownerId, { userAgent, ipAddress });
  const cookie = setCookie.split(";")[0];
  const id = (await prisma.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } })).id;
  return { cookie, id };
}

const post = (fields: Record<string, string>, cookie?: string) =>
  run(() => securityAction(args(formRequest(URL_, fields, { cookie }))));

const changePassword = (cookie: string, fields: Partial<Record<string, string>> = {}) =>
  post(
    {
      intent: "change-password",
      currentPassword: OWNER.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >),
    },
    cookie,
  );

async function resetOwnerPassword() {
  const { hashPassword } = await import("~/models/owner.server");
  await prisma.owner.update({
    where: { id: ownerId },
    data: { passwordHash: await hashPassword(OWNER.password) },
  });
}

beforeEach(async () => {
  await prisma.rateLimit.deleteMany();
  await prisma.session.deleteMany();
  ownerId = (
    (await createFirstOwner(OWNER.email, OWNER.password)) ?? (await prisma.owner.findFirstOrThrow())
  ).id;
});

describe("security page: who may use it", () => {
  it("sends an anonymous visitor to /login, for the page and for every action, changing nothing", async () => {
    const page = await run(() => securityLoader(args(getRequest(URL_))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fadmin%2Fsecurity");
    const other = await session();
    const requests: Array<Record<string, string>> = [
      {
        intent: "change-password",
        currentPassword: OWNER.password,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { intent: "end-session", session: sessionHandle(other.id) },
      { intent: "end-other-sessions" },
    ];
    for (const fields of requests) {
      const res = await post(fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    expect(await prisma.session.count()).toBe(1);
    expect(await verifyOwnerLogin(OWNER.email, OWNER.password)).not.toBeNull();
  });

  it("refuses an unknown intent with a 400", async () => {
    const me = await session();
    const res = await post({ intent: "drop-tables" }, me.cookie);
    expect(res.status).toBe(400);
  });
});

describe("security page: active sessions", () => {
  it("lists every session with a readable device, address, times, 'This browser' marked, and no session id", async () => {
    const phone = await session(SAFARI, "203.0.113.9");
    const me = await session(FIREFOX, "198.51.100.4");
    const res = await run(() => securityLoader(args(getRequest(URL_, { cookie: me.cookie }))));
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toContain(me.id);
    expect(text).not.toContain(phone.id);
    const { signedIn: sessions } = (await res.json()) as {
      signedIn: Array<{
        handle: string;
        device: string;
        address: string;
        current: boolean;
        createdAt: string;
        lastSeenAt: string;
      }>;
    };
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      device: "Firefox on Linux",
      address: "198.51.100.4",
      current: true,
      handle: sessionHandle(me.id),
    });
    expect(sessions[1]).toMatchObject({
      device: "Safari on iOS",
      address: "203.0.113.9",
      current: false,
    });
    expect(sessions[1].createdAt).toMatch(/\d{4}.*UTC$/);
    expect(sessions[1].lastSeenAt).toMatch(/\d{4}.*UTC$/);
  });

  it("records the browser (cut to 200 characters) and the address when a sign-in completes", async () => {
    const request = formRequest("/login", {
      intent: "login",
      email: OWNER.email,
      password: OWNER.password,
    });
    const withAgent = new Request(request, {
      headers: new Headers([...request.headers, ["User-Agent", `${FIREFOX} ${"x".repeat(400)}`]]),
    });
    const res = await run(() => loginAction(args(withAgent)));
    expect(res.status).toBe(302);
    const row = await prisma.session.findFirstOrThrow();
    expect(row.userAgent).toHaveLength(200);
    expect(row.userAgent.startsWith(FIREFOX)).toBe(true);
    expect(row.ipAddress).toBe("203.0.113.7");
    expect(cookieFrom(res)).toMatch(/folio_device=/);
  });

  it("moves last seen forward when a session is used, at most about once a minute", async () => {
    const me = await session();
    const visit = () =>
      run(() => dashboardLoader(args(getRequest("/dashboard", { cookie: me.cookie }))));
    const recent = new Date(Date.now() - 10_000);
    await prisma.session.update({ where: { id: me.id }, data: { lastSeenAt: recent } });
    await visit();
    expect((await prisma.session.findUniqueOrThrow({ where: { id: me.id } })).lastSeenAt).toEqual(
      recent,
    );
    const old = new Date(Date.now() - 5 * 60_000);
    await prisma.session.update({ where: { id: me.id }, data: { lastSeenAt: old } });
    await visit();
    const seen = (await prisma.session.findUniqueOrThrow({ where: { id: me.id } })).lastSeenAt;
    expect(Date.now() - seen.getTime()).toBeLessThan(5_000);
  });

  it("signs out one other session by its handle, and answers 404 for a bogus handle, a raw session id or this browser", async () => {
    const me = await session();
    const other = await session(SAFARI);
    for (const bogus of ["no-such-session-handle", other.id, sessionHandle(me.id), ""]) {
      const res = await post({ intent: "end-session", session: bogus }, me.cookie);
      expect(res.status, bogus).toBe(404);
      expect((await res.json()).status).toBe("error");
    }
    expect(await prisma.session.count()).toBe(2);

    const res = await post({ intent: "end-session", session: sessionHandle(other.id) }, me.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(URL_);
    expect(cookieFrom(res)).toMatch(/folio_toast=/);
    expect(await prisma.session.findUnique({ where: { id: other.id } })).toBeNull();
    expect(await prisma.session.findUnique({ where: { id: me.id } })).not.toBeNull();
    // The signed-out browser is anonymous now.
    const after = await run(() =>
      dashboardLoader(args(getRequest("/dashboard", { cookie: other.cookie }))),
    );
    expect(after.status).toBe(302);
  });

  it("signs out every other session, keeping this one", async () => {
    const me = await session();
    await session(SAFARI);
    await session(SAFARI, "192.0.2.1");
    const res = await post({ intent: "end-other-sessions" }, me.cookie);
    expect(res.status).toBe(302);
    expect((await prisma.session.findMany()).map((s) => s.id)).toEqual([me.id]);
  });
});

describe("security page: change password", () => {
  it("changes the password and signs out every other session, keeping this one", async () => {
    const me = await session();
    const other = await session(SAFARI);
    const res = await changePassword(me.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(URL_);
    expect(cookieFrom(res)).toMatch(/folio_toast=/);
    expect(await verifyOwnerLogin(OWNER.email, NEW_PASSWORD)).not.toBeNull();
    expect(await verifyOwnerLogin(OWNER.email, OWNER.password)).toBeNull();
    expect(await prisma.session.findUnique({ where: { id: other.id } })).toBeNull();
    expect(await prisma.session.findUnique({ where: { id: me.id } })).not.toBeNull();
    await resetOwnerPassword();
  });

  it.each([
    ["currentPassword", { currentPassword: "" }, /Current password is required/],
    ["newPassword", { newPassword: "short", confirmPassword: "short" }, /at least 8 characters/],
    ["newPassword", { newPassword: "x".repeat(73), confirmPassword: "x".repeat(73) }, /72 bytes/],
    ["confirmPassword", { confirmPassword: "something-else" }, /Passwords do not match/],
    [
      "newPassword",
      { newPassword: OWNER.password, confirmPassword: OWNER.password },
      /must differ/,
    ],
    ["currentPassword", { currentPassword: "not-the-password" }, /current password is not correct/],
  ])(
    "refuses with a 400 and a message on %s (%j), changing nothing",
    async (field, fields, message) => {
      const me = await session();
      const other = await session(SAFARI);
      const res = await changePassword(me.cookie, fields);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error[field]?.[0]).toMatch(message);
      expect(body.formId).toBe("change-password");
      // Passwords are never sent back: only which form it was.
      expect(body.initialValue).toEqual({ intent: "change-password" });
      expect(await verifyOwnerLogin(OWNER.email, OWNER.password)).not.toBeNull();
      expect(await prisma.session.findUnique({ where: { id: other.id } })).not.toBeNull();
    },
  );

  it("counts wrong current passwords: after LOGIN_MAX_FAILURES the form answers 429 with Retry-After, even for the right one", async () => {
    const me = await session();
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(me.cookie, { currentPassword: `guess-${i}-password` });
      expect(res.status).toBe(400);
    }
    const blocked = await changePassword(me.cookie);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await blocked.json()).dialog.text).toMatch(/Too many wrong current passwords/);
    expect(await verifyOwnerLogin(OWNER.email, OWNER.password)).not.toBeNull();
  });
});
