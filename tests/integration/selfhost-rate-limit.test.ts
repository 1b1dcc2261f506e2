// The per-IP rate limits of server/rate-limit.ts, on real production servers with small limits.
import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWindowCounter, rateLimit, rateLimitOptionsFromEnv } from "../../server/rate-limit";
import { fetchFrom, startTestServer, type TestServer } from "../support/server";

// Windows of 10 s: room for a test's requests to land in one window on a busy CI machine (3 s
// was once too short for eight sign-in pages), short enough to wait for the next one.
const LIMITS = {
  RATE_LIMIT_RPM: "8",
  RATE_LIMIT_WRITE_RPM: "3",
  RATE_LIMIT_WINDOW_SECONDS: "10",
  RATE_LIMIT_DISABLED: undefined,
};
let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestServer({ env: { ...LIMITS, TRUST_PROXY: undefined } }),
    startTestServer({ env: { ...LIMITS, TRUST_PROXY: "1" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for the start of a fresh window (the server's windows are 10 s long): the behaviour tested. */
async function freshWindow(res: Response) {
  await sleep(Number(res.headers.get("retry-after") ?? 10) * 1000 + 100);
}

type Get = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>;

/**
 * Twelve sign-in pages asked for at once: the limit counts a request when it arrives, so slow
 * answers on a busy machine cannot stretch the burst over two windows. How many were let through,
 * and one refusal.
 */
async function exhaust(url: string, headers: Record<string, string> = {}, get: Get = fetch) {
  const answers = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const res = await get(`${url}/login`, { headers });
      await res.arrayBuffer();
      return res;
    }),
  );
  const limited = answers.find((res) => res.status === 429);
  if (!limited) throw new Error("never limited");
  return { allowed: answers.filter((res) => res.status === 200).length, limited };
}

// A client address of its own per attempt (CI runs a failed test once more, and the window the
// first attempt used up would still be running).
let attempt = 0;
const nextAddress = () => `127.0.1.${++attempt}`;
let forwardedClient = 0;
const nextForwardedClient = () => `203.0.113.${100 + ++forwardedClient}`;

describe("rate limits per client address", () => {
  it("allows RATE_LIMIT_RPM requests per window, then answers 429 with Retry-After and a readable message (HTML, JSON or text), and lets the address back in after the window", async () => {
    const client = fetchFrom(nextAddress());
    const { allowed, limited } = await exhaust(direct.url, {}, client);
    expect(allowed).toBe(8);
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);

    const page = await client(`${direct.url}/`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toMatch(
      /Too many requests from your address\. Please wait \d+ seconds?/,
    );
    expect(page.headers.get("content-security-policy")).toMatch(/'nonce-/);

    const data = await client(`${direct.url}/login?_data=routes%2Flogin`);
    expect(data.status).toBe(429);
    expect(await data.json()).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests/),
    });
    const api = await client(`${direct.url}/addskill`);
    expect(api.status).toBe(429);
    expect((await api.json()).success).toBe(false);
    const text = await client(`${direct.url}/login`, { headers: { Accept: "text/plain" } });
    expect(text.headers.get("content-type")).toMatch(/text\/plain/);
    expect(await text.text()).toMatch(/^Too many requests/);

    // Health checks and static files never count and are never refused.
    expect((await client(`${direct.url}/healthz`)).status).toBe(200);
    expect((await client(`${direct.url}/favicon.svg`)).status).toBe(200);

    await freshWindow(limited);
    expect((await client(`${direct.url}/login`)).status).toBe(200);
  });

  it("limits writes (non-GET) tighter than reads, without using up the reads", async () => {
    // A client address of its own: a fresh window, whatever the tests before used up.
    const client = fetchFrom("127.0.0.2");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client(`${direct.url}/logout`, {
        method: "POST",
        headers: { Origin: direct.url },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.text()).toMatch(/Too many requests from your address/);
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      }
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect((await client(`${direct.url}/login`)).status).toBe(200);
    // Another address may still write.
    const other = fetchFrom("127.0.0.4");
    const write = await other(`${direct.url}/logout`, {
      method: "POST",
      headers: { Origin: direct.url },
    });
    expect(write.status).not.toBe(429);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot dodge the limit by inventing addresses", async () => {
    const client = fetchFrom("127.0.0.3");
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const res = await client(`${direct.url}/login`, {
        headers: { "X-Forwarded-For": `198.51.100.${i}` },
      });
      await res.arrayBuffer();
      if (res.status === 429) refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(4);
  });

  it("counts the page cache's hits (answered before Express) like any request, per address, also behind a proxy", async () => {
    const client = fetchFrom("127.0.0.5");
    const answers: Array<[number, string | null]> = [];
    for (let i = 0; i < 10; i++) {
      const res = await client(`${direct.url}/projects`, { headers: { Accept: "text/html" } });
      await res.arrayBuffer();
      answers.push([res.status, res.headers.get("x-folio-cache")]);
    }
    expect(answers.slice(0, 8).map(([status]) => status)).toEqual(Array(8).fill(200));
    expect(answers.slice(1, 8).every(([, cache]) => cache === "hit")).toBe(true);
    expect(answers.slice(8)).toEqual([
      [429, null],
      [429, null],
    ]);
    // Behind a trusted proxy the address is X-Forwarded-For's first hop, as for everything else.
    const behind = (ip: string) =>
      fetch(`${proxied.url}/projects`, { headers: { "X-Forwarded-For": `${ip}, 10.0.0.1` } });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push(await behind("203.0.113.20").then((r) => r.status));
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    const other = await behind("203.0.113.21");
    expect(other.status).toBe(200);
    expect(other.headers.get("x-folio-cache")).toBe("hit");
  });

  it("with TRUST_PROXY, counts each X-Forwarded-For client on its own", async () => {
    const forwarded = `${nextForwardedClient()}, 10.0.0.1`;
    const a = await exhaust(proxied.url, { "X-Forwarded-For": forwarded });
    expect(a.allowed).toBe(8);
    // Another client behind the same proxy is not affected.
    const other = await fetch(`${proxied.url}/login`, {
      headers: { "X-Forwarded-For": "203.0.113.11, 10.0.0.1" },
    });
    expect(other.status).toBe(200);
    const again = await fetch(`${proxied.url}/login`, {
      headers: { "X-Forwarded-For": forwarded },
    });
    expect(again.status).toBe(429);
  });
});

describe("rate limit settings", () => {
  it("reads RATE_LIMIT_RPM / RATE_LIMIT_WRITE_RPM / RATE_LIMIT_WINDOW_SECONDS, with defaults, and RATE_LIMIT_DISABLED turns it off", async () => {
    expect(rateLimitOptionsFromEnv({})).toEqual({
      disabled: false,
      limit: 600,
      writeLimit: 60,
      windowMs: 60_000,
    });
    expect(
      rateLimitOptionsFromEnv({
        RATE_LIMIT_RPM: "10",
        RATE_LIMIT_WRITE_RPM: "2",
        RATE_LIMIT_WINDOW_SECONDS: "5",
        RATE_LIMIT_DISABLED: "1",
      }),
    ).toEqual({ disabled: true, limit: 10, writeLimit: 2, windowMs: 5000 });

    const app = express();
    app.use(
      rateLimit({
        ...rateLimitOptionsFromEnv({ RATE_LIMIT_DISABLED: "1", RATE_LIMIT_RPM: "1" }),
      }),
    );
    app.all("*", (_req, res) => res.send("ok"));
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((r) => srv.once("listening", r));
    try {
      const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => fetch(url, { method: "POST" }).then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      srv.close();
    }
  });

  it("keeps memory bounded: windows of addresses gone quiet are swept", () => {
    let now = 0;
    const counter = createWindowCounter(1000, () => now);
    for (let i = 0; i < 1000; i++) counter.hit(`10.0.${i >> 8}.${i & 255}`, 5);
    expect(counter.size()).toBe(1000);
    now = 1500;
    expect(counter.hit("10.9.9.9", 5).allowed).toBe(true);
    expect(counter.size()).toBe(1);
    expect(counter.hit("10.9.9.9", 1).allowed).toBe(false);
  });
});
