// A crash between storing a message and sending its notification: the process is killed
// (SIGKILL, no shutdown hooks) while Resend has not answered; after a restart on the same
// database the message is sent, once, with the same idempotency key.
import Database from "better-sqlite3";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/** A local fake of Resend's HTTP API: it never answers the first request, then accepts. */
type Received = { key: string | undefined; body: Record<string, unknown> };
const received: Received[] = [];
const held: http.ServerResponse[] = [];
const delivered = new Set<string>();
let fake: http.Server;
let fakeUrl: string;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const key = req.headers["idempotency-key"] as string | undefined;
      received.push({ key, body: JSON.parse(raw || "{}") });
      if (received.length === 1) {
        held.push(res); // hangs: the sender is killed before any answer
        return;
      }
      // Like Resend: one email per idempotency key.
      if (key) delivered.add(key);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ id: `email-${received.length}` }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise((r) => fake.close(r));
});

async function waitFor<T>(what: string, fn: () => T | undefined | false, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a crash between store and send", () => {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  // (stop() of a process that already died of SIGKILL would wait for an exit that came already.)
  const alive = (s?: TestServer) => s && s.process.exitCode === null && !s.process.signalCode;
  afterAll(async () => {
    if (alive(first)) await first!.stop("SIGKILL");
    if (alive(second)) await second!.stop();
  });

  it("the message is sent after restart, exactly once", { timeout: 90_000 }, async () => {
    const db = createTestDatabase("contact-restart");
    const env = {
      RESEND_API_KEY: "re_fake_key",
      RESEND_BASE_URL: fakeUrl,
      CONTACT_TO_EMAIL: "owner@example.com",
      CONTACT_MIN_FILL_MS: "0",
    };
    first = await startTestServer({ databaseUrl: db.url, env });
    const page = await (await fetch(`${first.url}/contact`)).text();
    const stamp = /name="formStartedAt" value="([^"]+)"/.exec(page)?.[1];
    if (!stamp)
      throw new Error(`No form stamp on /contact:\n${page.slice(0, 2000)}\n${first.output()}`);
    const answer = await fetch(`${first.url}/contact`, {
      method: "POST",
      headers: { Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        formStartedAt: stamp,
        website: "",
        name: "Linus",
        email: "linus@example.com",
        subject: "Survives a crash",
        message: "Please do not lose me.",
      }),
      redirect: "manual",
    });
    // The visitor got a success (sent: see it on /contact): the message is committed.
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/contact");

    // The send is in flight (Resend holds the request) when the process dies.
    await waitFor("the first send", () => received.length === 1);
    const sqlite = new Database(db.file, { readonly: true });
    const row = () =>
      sqlite.prepare("SELECT notifyStatus, attempts, sentAt FROM Message").get() as {
        notifyStatus: string;
        attempts: number;
        sentAt: number | null;
      };
    try {
      expect(row()).toMatchObject({ notifyStatus: "sending", attempts: 1 });
      expect(await first.stop("SIGKILL")).toBeNull();
      expect(row().notifyStatus).toBe("sending");

      second = await startTestServer({ databaseUrl: db.url, env });
      await waitFor("the message to be marked sent", () => row().notifyStatus === "sent");
      expect(row()).toMatchObject({ notifyStatus: "sent", attempts: 2 });
      expect(received).toHaveLength(2);
      expect(received[1].key).toBe(received[0].key);
      expect(received[0].key).toMatch(/^folio-message-\d+-\d+$/);
      expect(received[1].body).toMatchObject({
        to: "owner@example.com",
        reply_to: "linus@example.com",
        subject: "New message: Survives a crash",
      });
      expect(delivered.size).toBe(1);
      expect(second.output()).toMatch(/retrying 1 unsent message/);
    } finally {
      sqlite.close();
    }
  });
});
