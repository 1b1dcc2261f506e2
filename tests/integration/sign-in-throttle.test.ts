// Sign-in under attack, over HTTP against the production build with the login throttle on:
// attempts are counted before the password is checked (parallel guesses cannot pass the limit),
// every 429 says when to come back, and OWASP device cookies keep the owner's own browser usable
// while strangers lock the account.
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "throttle-test-password" };
const SECRET = "throttle-session-secret";
const MAX = 5;
const DEVICE_MAX = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      SESSION_SECRET: SECRET,
      RATE_LIMIT_DISABLED: undefined,
      // The per-address request limits are not what is tested here.
      RATE_LIMIT_RPM: "100000",
      RATE_LIMIT_WRITE_RPM: "100000",
      // Each test speaks from its own addresses.
      TRUST_PROXY: "1",
      LOGIN_MAX_FAILURES: String(MAX),
      LOGIN_DEVICE_MAX_FAILURES: String(DEVICE_MAX),
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

type Attempt = {
  address: string;
  password: string;
  cookie?: string;
  email?: string;
  data?: boolean;
};

function attempt({ address, password, cookie, email = OWNER.email, data = false }: Attempt) {
  const headers: Record<string, string> = {
    Origin: server.url,
    "Content-Type": "application/x-www-form-urlencoded",
    "X-Forwarded-For": address,
  };
  if (cookie) headers.Cookie = cookie;
  return fetch(`${server.url}/login${data ? "?_data=routes%2Flogin" : ""}`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams({ intent: "login", email, password }),
  });
}

/** The device cookie a response sets, as a Cookie header value (or undefined). */
function deviceCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /^(__Host-)?folio_device=/.test(c));
}

function expectSignedIn(res: Response) {
  expect(res.status).toBe(302);
  expect(res.headers.getSetCookie().some((c) => /folio_session=/.test(c))).toBe(true);
}

function expectRefused429(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
}

const wrong = (i: number) => `wrong-password-${i}`;

describe("sign-in throttle", () => {
  let ownerDevice: string;
  let secondDevice: string;

  beforeAll(async () => {
    // The owner's browsers sign in once, before any attack: each gets a device cookie.
    for (const address of ["10.0.0.1", "10.0.0.2"]) {
      const res = await attempt({ address, password: OWNER.password });
      expectSignedIn(res);
      const device = deviceCookieOf(res);
      expect(device).toBeDefined();
      if (address === "10.0.0.1") ownerDevice = device!;
      else secondDevice = device!;
    }
  });

  it("issues a signed, HttpOnly, long-lived device cookie bound to the owner at sign-in", async () => {
    const res = await attempt({ address: "10.0.0.3", password: OWNER.password });
    const header = res.headers.getSetCookie().find((c) => /folio_device=/.test(c))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(60 * 60 * 24 * 180);
    // Signed: value.signature, and the value names the account.
    const value = decodeURIComponent(header.split(";")[0].split("=").slice(1).join("="));
    expect(value).toMatch(/^[^.]+\.[^.]+$/);
    expect(JSON.parse(Buffer.from(value.split(".")[0], "base64").toString()).login).toBe(
      OWNER.email,
    );
  });

  it("lets exactly LOGIN_MAX_FAILURES of 20 parallel wrong passwords from one address be checked; the rest get 429 with Retry-After", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt({ address: "203.0.113.50", password: wrong(i) }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX);
    for (const res of answers.filter((r) => r.status === 429)) expectRefused429(res);
  });

  it("answers the locked address's 429 with Retry-After both as a document POST (no JavaScript) and as ?_data", async () => {
    const document = await attempt({ address: "203.0.113.50", password: OWNER.password });
    expectRefused429(document);
    expect(document.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await document.text()).toMatch(/Too many failed login attempts/);

    const data = await attempt({ address: "203.0.113.50", password: OWNER.password, data: true });
    expectRefused429(data);
    expect((await data.json()).dialog.text).toMatch(/Too many failed login attempts/);
  });

  it("a stranger locking the account by email does not stop the owner's known device, even from the stranger's address", async () => {
    // The account is locked for unknown browsers (the parallel attack used the owner's email).
    expectRefused429(await attempt({ address: "192.0.2.10", password: OWNER.password }));
    expectRefused429(
      await attempt({ address: "192.0.2.10", password: OWNER.password, data: true }),
    );
    // The owner's browser, with its device cookie, signs in: from another address...
    const res = await attempt({
      address: "10.0.0.1",
      password: OWNER.password,
      cookie: ownerDevice,
    });
    expectSignedIn(res);
    ownerDevice = deviceCookieOf(res) ?? ownerDevice;
    // ...and from the attacker's locked address too.
    const again = await attempt({
      address: "203.0.113.50",
      password: OWNER.password,
      cookie: ownerDevice,
    });
    expectSignedIn(again);
    ownerDevice = deviceCookieOf(again) ?? ownerDevice;
    // The owner's success does not lift the lock for strangers.
    expectRefused429(await attempt({ address: "192.0.2.11", password: OWNER.password }));
  });

  it("a forged or foreign device cookie counts as an unknown browser", async () => {
    const name = ownerDevice.split("=")[0];
    const nonce = "forged-nonce-1234567890";
    const otherSecret = createCookie(name, { secrets: ["someone-elses-secret"] });
    const rightSecret = createCookie(name, { secrets: [SECRET] });
    const forged = [
      `${name}=not-a-signed-value`,
      // The owner's cookie with its value altered (the signature no longer matches).
      ownerDevice.replace(/=(.)/, (_, c: string) => `=${c === "A" ? "B" : "A"}`),
      // Signed with another install's secret.
      (await otherSecret.serialize({ login: OWNER.email, nonce })).split(";")[0],
      // Genuine, but issued for another account.
      (await rightSecret.serialize({ login: "someone@example.com", nonce })).split(";")[0],
    ];
    for (const [i, cookie] of forged.entries()) {
      expectRefused429(
        await attempt({ address: `192.0.2.${20 + i}`, password: OWNER.password, cookie }),
      );
    }
  });

  it("a known device that keeps failing gets its own lock, which does not touch the owner's other browser", async () => {
    for (let i = 0; i < DEVICE_MAX; i++) {
      const res = await attempt({ address: "10.0.0.2", password: wrong(i), cookie: secondDevice });
      expect(res.status).toBe(401);
    }
    expectRefused429(
      await attempt({ address: "10.0.0.2", password: OWNER.password, cookie: secondDevice }),
    );
    expectRefused429(
      await attempt({
        address: "10.0.0.2",
        password: OWNER.password,
        cookie: secondDevice,
        data: true,
      }),
    );
    expectSignedIn(
      await attempt({ address: "10.0.0.2", password: OWNER.password, cookie: ownerDevice }),
    );
  });

  it("a known device's success clears its counter", async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < DEVICE_MAX - 1; i++) {
        const res = await attempt({ address: "10.0.0.1", password: wrong(i), cookie: ownerDevice });
        expect(res.status).toBe(401);
      }
      const ok = await attempt({
        address: "10.0.0.1",
        password: OWNER.password,
        cookie: ownerDevice,
      });
      // The same (still valid) cookie is sent again: without the reset its counter would be over.
      expectSignedIn(ok);
    }
  });
});
