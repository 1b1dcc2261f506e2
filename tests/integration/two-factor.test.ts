// Two-factor sign-in (TOTP + recovery codes): the model, the set-up page's actions and the code
// step of the login, against a real SQLite database. The clock is a fake Date (nothing sleeps):
// codes are computed for chosen steps and time is moved on where a test needs a new step.
import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFirstOwner } from "~/models/owner.server";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  redeemRecoveryCode,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  verifyTwoFactorCode,
} from "~/models/two-factor.server";
import {
  action as setupAction,
  loader as setupLoader,
} from "~/routes/dashboard.admin.security_.two-factor";
import { action as loginAction } from "~/routes/login";
import { action as codeAction, loader as codeLoader } from "~/routes/login_.two-factor";
import { prisma } from "~/models/db.server";
import { hashRecoveryCode } from "~/utils/totp.server";
import { cookieFrom, formRequest, getRequest, OWNER, ownerCookie, run } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });
const T = 1_800_000_015_000; // the middle of a 30-second step
const PAGE = "/dashboard/admin/security/two-factor";

/** The code of the step `offset` steps from now (by the fake clock). */
const codeFor = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

let ownerId: number;

/** Turns 2FA on through the model; returns the secret and the recovery codes. */
async function enable() {
  const secret = (await startTwoFactorSetup(ownerId))!;
  const codes = (await confirmTwoFactorSetup(ownerId, await codeFor(secret)))!;
  nextStep(); // the confirming code's step is used up
  return { secret, codes };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: T });
  await prisma.rateLimit.deleteMany();
  await prisma.session.deleteMany();
  const owner =
    (await createFirstOwner(OWNER.email, OWNER.password)) ??
    (await prisma.owner.findFirstOrThrow());
  ownerId = owner.id;
  await disableTwoFactor(ownerId);
});
afterEach(() => vi.useRealTimers());

describe("two-factor model", () => {
  it("turns on only with a code of the pending secret, keeping recovery codes as hashes", async () => {
    const secret = (await startTwoFactorSetup(ownerId))!;
    expect((await getTwoFactorStatus(ownerId)).pendingSecret).toBe(secret);
    expect(await confirmTwoFactorSetup(ownerId, "000000")).toBeNull();
    expect((await getTwoFactorStatus(ownerId)).enabled).toBe(false);

    const codes = (await confirmTwoFactorSetup(ownerId, await codeFor(secret)))!;
    expect(codes).toHaveLength(10);
    const status = await getTwoFactorStatus(ownerId);
    expect(status).toMatchObject({ enabled: true, pendingSecret: null, recoveryCodesLeft: 10 });
    const stored = await prisma.recoveryCode.findMany({ where: { ownerId } });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    // A second set-up cannot start while it is on.
    expect(await startTwoFactorSetup(ownerId)).toBeNull();
  });

  it("accepts a code once: the same code, and older steps, are refused afterwards", async () => {
    const { secret } = await enable();
    const code = await codeFor(secret);
    expect(await verifyTwoFactorCode(ownerId, code)).toBe(true);
    expect(await verifyTwoFactorCode(ownerId, code)).toBe(false);
    expect(await verifyTwoFactorCode(ownerId, await codeFor(secret, -1))).toBe(false);
    expect(await verifyTwoFactorCode(ownerId, await codeFor(secret, 1))).toBe(true); // drift
    expect(await verifyTwoFactorCode(ownerId, await codeFor(secret, 3))).toBe(false);
  });

  it("the code that turned it on cannot sign in", async () => {
    const secret = (await startTwoFactorSetup(ownerId))!;
    const code = await codeFor(secret);
    await confirmTwoFactorSetup(ownerId, code);
    expect(await verifyTwoFactorCode(ownerId, code)).toBe(false);
  });

  it("a recovery code works once, typed in any case; regenerating voids the old ones", async () => {
    const { codes } = await enable();
    expect(await redeemRecoveryCode(ownerId, codes[0].toLowerCase())).toBe(true);
    expect(await redeemRecoveryCode(ownerId, codes[0])).toBe(false);
    expect(await redeemRecoveryCode(ownerId, "ABCDE-FGHJK")).toBe(false);
    expect((await getTwoFactorStatus(ownerId)).recoveryCodesLeft).toBe(9);

    const fresh = (await regenerateRecoveryCodes(ownerId))!;
    expect(await redeemRecoveryCode(ownerId, codes[1])).toBe(false);
    expect(await redeemRecoveryCode(ownerId, fresh[0])).toBe(true);
  });

  it("turning off removes the secret and every recovery code", async () => {
    const { codes } = await enable();
    await disableTwoFactor(ownerId);
    expect(await getTwoFactorStatus(ownerId)).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(await redeemRecoveryCode(ownerId, codes[0])).toBe(false);
    expect(await regenerateRecoveryCodes(ownerId)).toBeNull();
  });
});

describe("set-up page /dashboard/admin/security/two-factor", () => {
  const post = (cookie: string | undefined, fields: Record<string, string>) =>
    run(() => setupAction(args(formRequest(PAGE, fields, { cookie }))));

  it("refuses anonymous requests (loader and action) with a redirect to /login", async () => {
    for (const res of [
      await run(() => setupLoader(args(getRequest(PAGE)))),
      await post(undefined, { intent: "start" }),
      await post(undefined, { intent: "disable", password: OWNER.password }),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    expect((await getTwoFactorStatus(ownerId)).pendingSecret).toBeNull();
  });

  it("Turn on → QR code and key → a wrong code is a 400 → the right one shows recovery codes", async () => {
    const cookie = await ownerCookie();
    const off = await (await run(() => setupLoader(args(getRequest(PAGE, { cookie }))))).json();
    expect(off).toMatchObject({ enabled: false, setup: null });

    const started = await post(cookie, { intent: "start" });
    expect(started.status).toBe(302);
    const page = await (await run(() => setupLoader(args(getRequest(PAGE, { cookie }))))).json();
    expect(page.setup.qrSvg).toMatch(/^<svg/);
    const secret: string = page.setup.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const badFormat = await post(cookie, { intent: "confirm", code: "12ab" });
    expect(badFormat.status).toBe(400);
    expect((await badFormat.json()).error.code?.[0]).toMatch(/6-digit/);
    const wrong = await post(cookie, { intent: "confirm", code: "000000" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code?.[0]).toBe("Invalid code");

    const ok = await post(cookie, { intent: "confirm", code: await codeFor(secret) });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.status).toBe("codes");
    expect(body.codes).toHaveLength(10);
    const on = await (await run(() => setupLoader(args(getRequest(PAGE, { cookie }))))).json();
    expect(on).toMatchObject({ enabled: true, setup: null, recoveryCodesLeft: 10 });
  });

  it("Cancel drops the pending secret", async () => {
    const cookie = await ownerCookie();
    await post(cookie, { intent: "start" });
    expect((await post(cookie, { intent: "cancel" })).status).toBe(302);
    expect((await getTwoFactorStatus(ownerId)).pendingSecret).toBeNull();
  });

  it("regenerating needs a current code or the password", async () => {
    const { secret, codes } = await enable();
    const cookie = await ownerCookie();
    const none = await post(cookie, { intent: "regenerate" });
    expect(none.status).toBe(400);
    expect((await none.json()).error.code?.[0]).toBe("Enter a code or your password");
    const wrongPassword = await post(cookie, { intent: "regenerate", password: "not-it-at-all" });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).error.password?.[0]).toBe("Wrong password");

    const byPassword = await post(cookie, { intent: "regenerate", password: OWNER.password });
    expect(byPassword.status).toBe(200);
    const first: string[] = (await byPassword.json()).codes;
    expect(first).toHaveLength(10);
    expect(first).not.toContain(codes[0]);

    const code = await codeFor(secret);
    const byCode = await post(cookie, { intent: "regenerate", code });
    expect(byCode.status).toBe(200);
    const reused = await post(cookie, { intent: "regenerate", code });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error.code?.[0]).toBe("Invalid code");
  });

  it("turning off needs the password or a current code; wrong guesses are limited (429)", async () => {
    const { secret } = await enable();
    const cookie = await ownerCookie();
    for (let i = 0; i < 5; i++) {
      expect((await post(cookie, { intent: "disable", code: "000000" })).status).toBe(400);
    }
    const blocked = await post(cookie, { intent: "disable", code: await codeFor(secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await getTwoFactorStatus(ownerId)).enabled).toBe(true);

    await prisma.rateLimit.deleteMany();
    const off = await post(cookie, { intent: "disable", code: await codeFor(secret) });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe(PAGE);
    expect((await getTwoFactorStatus(ownerId)).enabled).toBe(false);
  });

  it("an unknown intent is a 400, not a crash", async () => {
    const cookie = await ownerCookie();
    expect((await post(cookie, { intent: "explode" })).status).toBe(400);
  });
});

describe("sign-in with a second step", () => {
  const passwordStep = (redirectTo = "/dashboard/admin/skills") =>
    run(() =>
      loginAction(
        args(
          formRequest("/login", {
            intent: "login",
            email: OWNER.email,
            password: OWNER.password,
            redirectTo,
          }),
        ),
      ),
    );
  const codeStep = (cookie: string, fields: Record<string, string>) =>
    run(() => codeAction(args(formRequest("/login/two-factor", fields, { cookie }))));
  const hasSession = (res: Response) =>
    res.headers.getSetCookie().some((c) => /^folio_session=[^;]+/.test(c));

  it("without 2FA the password signs in at once (unchanged)", async () => {
    const res = await passwordStep();
    expect(res.headers.get("Location")).toBe("/dashboard/admin/skills");
    expect(hasSession(res)).toBe(true);
  });

  it("with 2FA the password leads to the code page with a short-lived pending cookie, no session", async () => {
    await enable();
    const res = await passwordStep();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login/two-factor");
    expect(hasSession(res)).toBe(false);
    expect(await prisma.session.count()).toBe(0);
    const pending = res.headers.getSetCookie().find((c) => c.startsWith("folio_2fa="))!;
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/Max-Age=300/);
    expect(pending).toMatch(/Path=\/login/);
    const page = await run(() =>
      codeLoader(args(getRequest("/login/two-factor", { cookie: cookieFrom(res) }))),
    );
    expect(await page.json()).toEqual({ method: "totp" });
  });

  it("a right code completes the sign-in and clears the pending cookie; the same code cannot be used again", async () => {
    const { secret } = await enable();
    const cookie = cookieFrom(await passwordStep());
    const code = await codeFor(secret);
    const res = await codeStep(cookie, { method: "totp", code });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/skills");
    expect(hasSession(res)).toBe(true);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("folio_2fa="))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
    expect(await prisma.session.count()).toBe(1);

    const again = await codeStep(cookieFrom(await passwordStep()), { method: "totp", code });
    expect(again.status).toBe(400);
    expect((await again.json()).dialog.text).toMatch(/already used/);
    expect(hasSession(again)).toBe(false);
  });

  it("a wrong code is a 400 with a clear message; a malformed one says what a code looks like", async () => {
    await enable();
    const cookie = cookieFrom(await passwordStep());
    const wrong = await codeStep(cookie, { method: "totp", code: "000000" });
    expect(wrong.status).toBe(400);
    const wrongBody = await wrong.json();
    expect(wrongBody).toMatchObject({
      initialValue: { method: "totp" },
      error: { code: ["Invalid code"] },
    });
    expect(wrongBody.initialValue.code).toBeUndefined(); // codes are never sent back
    const malformed = await codeStep(cookie, { method: "totp", code: "12" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code?.[0]).toMatch(/6-digit/);
    expect(await prisma.session.count()).toBe(0);
  });

  it("a recovery code signs in once", async () => {
    const { codes } = await enable();
    const first = await codeStep(cookieFrom(await passwordStep()), {
      method: "recovery",
      code: codes[3],
    });
    expect(first.status).toBe(302);
    expect(hasSession(first)).toBe(true);
    const used = await prisma.recoveryCode.findMany({ where: { NOT: { usedAt: null } } });
    expect(used).toHaveLength(1);
    expect(used[0].codeHash).toBe(hashRecoveryCode(codes[3]));

    const second = await codeStep(cookieFrom(await passwordStep()), {
      method: "recovery",
      code: codes[3],
    });
    expect(second.status).toBe(400);
    expect((await second.json()).error.code).toEqual(["Invalid recovery code"]);
  });

  it("allows 5 attempts per pending sign-in, then 429 with Retry-After (even for a right code)", async () => {
    const { secret } = await enable();
    const cookie = cookieFrom(await passwordStep());
    for (let i = 0; i < 5; i++) {
      expect((await codeStep(cookie, { method: "totp", code: "000000" })).status).toBe(400);
    }
    const blocked = await codeStep(cookie, { method: "totp", code: await codeFor(secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await blocked.json()).dialog.text).toMatch(/Too many attempts/);
    expect(hasSession(blocked)).toBe(false);
  });

  it("limits attempts per address across new pending sign-ins", async () => {
    await enable();
    const a = cookieFrom(await passwordStep());
    for (let i = 0; i < 3; i++) await codeStep(a, { method: "totp", code: "000000" });
    const b = cookieFrom(await passwordStep());
    for (let i = 0; i < 2; i++) {
      expect((await codeStep(b, { method: "totp", code: "000000" })).status).toBe(400);
    }
    expect((await codeStep(b, { method: "totp", code: "000000" })).status).toBe(429);
  });

  it("an expired, missing or forged pending cookie goes back to /login with a message", async () => {
    const { secret } = await enable();
    const cookie = cookieFrom(await passwordStep());
    const [name, value] = cookie.split("=");
    const [payload, signature] = decodeURIComponent(value).split(".");
    const data = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    const forgedPayload = Buffer.from(JSON.stringify({ ...data, ownerId: 99 })).toString("base64");
    const forged = `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}`;
    // The same steps without the change give a cookie that is accepted: only the signature refuses.
    const samePayload = Buffer.from(JSON.stringify(data)).toString("base64");
    const resigned = `${name}=${encodeURIComponent(`${samePayload}.${signature}`)}`;
    const accepted = await run(() =>
      codeLoader(args(getRequest("/login/two-factor", { cookie: resigned }))),
    );
    expect(accepted.status).toBe(200);

    for (const bad of ["", forged]) {
      for (const res of [
        await run(() => codeLoader(args(getRequest("/login/two-factor", { cookie: bad })))),
        await codeStep(bad, { method: "totp", code: await codeFor(secret) }),
      ]) {
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toBe("/login");
        expect(res.headers.getSetCookie().some((c) => c.startsWith("folio_toast="))).toBe(true);
        expect(hasSession(res)).toBe(false);
      }
    }

    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const late = await codeStep(cookie, { method: "totp", code: await codeFor(secret) });
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/login");
    expect(hasSession(late)).toBe(false);
    expect(await prisma.session.count()).toBe(0);
  });
});
