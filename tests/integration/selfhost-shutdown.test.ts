// SIGTERM while the server is busy: in-flight requests finish, the process exits 0 within 10 s,
// and every write it acknowledged is there after a restart on the same data.
import Database from "better-sqlite3";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const API_TOKEN = "shutdown-test-api-token-0123456789";
const OWNER = { email: "owner@example.com", password: "shutdown-test-password" };
const ENV = {
  OWNER_EMAIL: OWNER.email,
  OWNER_PASSWORD: OWNER.password,
  API_TOKEN,
  RATE_LIMIT_DISABLED: "1",
};

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  doneAt: number;
};

const sent: Array<Promise<void>> = [];

/**
 * One request on its own connection (no keep-alive reuse racing the shutdown). `sent` collects
 * a promise per request that resolves once the whole request is written to the socket.
 */
function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    holdBodyUntil,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Sends half the body, and the rest only once this resolves (a slow upload in flight). */
    holdBodyUntil?: Promise<unknown>;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = body ? { "Content-Length": String(Buffer.byteLength(body)) } : {};
    const req = http.request(
      url,
      { method, headers: { ...headers, ...length }, agent: false },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: data,
            doneAt: Date.now(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body && holdBodyUntil) {
      const half = Math.floor(body.length / 2);
      sent.push(new Promise((r) => req.write(body.slice(0, half), () => r())));
      void holdBodyUntil.then(() => req.end(body.slice(half)));
      return;
    }
    sent.push(new Promise((r) => req.on("finish", () => r())));
    if (body) req.write(body);
    req.end();
  });
}

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, exits 0 within 10 s, and keeps every acknowledged write", async () => {
    const first = await startTestServer({ seed: true, env: ENV });
    servers.push(first);
    const run = Date.now().toString(36);

    let signalled: () => void = () => {};
    const afterSignal = new Promise<void>((r) => (signalled = r));
    const writeSkill = (name: string, holdBodyUntil?: Promise<unknown>) =>
      send(`${first.url}/addskill`, {
        method: "POST",
        headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
        holdBodyUntil,
      });

    // A login (bcrypt: slow), quick API writes, page reads, and slow uploads whose bodies
    // are only half sent when the signal arrives.
    const logins = [
      send(`${first.url}/login`, {
        method: "POST",
        headers: { Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", ...OWNER }).toString(),
      }),
    ];
    const writes = [
      ...Array.from({ length: 10 }, (_, i) => writeSkill(`shutdown-${run}-${i}`)),
      ...Array.from({ length: 3 }, (_, i) =>
        writeSkill(
          `shutdown-${run}-slow-${i}`,
          afterSignal.then(() => new Promise((r) => setTimeout(r, 300))),
        ),
      ),
    ];
    const reads = ["/", "/projects", "/healthz"].map((p) => send(`${first.url}${p}`));
    const all = [...logins, ...writes, ...reads];

    // Every request is on the wire; give the server a moment to read them (the logins hash with
    // bcrypt, so they are still running when the signal arrives).
    await Promise.all(sent);
    await new Promise((r) => setTimeout(r, 400));
    const signalledAt = Date.now();
    const exit = first.stop("SIGTERM");
    signalled();
    const answers = await Promise.all(all);
    const code = await exit;
    const stoppedIn = Date.now() - signalledAt;

    expect(code).toBe(0);
    expect(stoppedIn).toBeLessThan(10_000);
    expect(first.output()).toMatch(/SIGTERM received: finishing in-flight requests/);
    expect(first.output()).toMatch(/Folio stopped/);
    expect(first.output()).not.toMatch(/database is locked/i);
    // Every request sent before the signal got a full answer, none a server error.
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const finishedAfterSignal = answers.filter((a) => a.doneAt > signalledAt).length;
    console.log(
      `[figures] ${answers.length} requests, ${finishedAfterSignal} finished after SIGTERM, exit after ${stoppedIn} ms`,
    );
    expect(finishedAfterSignal).toBeGreaterThan(0);

    const loginAnswers = await Promise.all(logins);
    expect(loginAnswers.map((a) => a.status)).toEqual(loginAnswers.map(() => 302));
    const cookies = loginAnswers.map((a) =>
      (a.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
    );
    const writeAnswers = await Promise.all(writes);
    const acknowledged = writeAnswers
      .filter((a) => a.status === 201)
      .map((a) => JSON.parse(a.body) as { insertedId: string; success: boolean });
    expect(acknowledged.length).toBe(writes.length);

    // Restart on the same data: everything acknowledged is there.
    const second = await startTestServer({ env: ENV, databaseUrl: first.databaseUrl });
    servers.push(second);
    const db = new Database(second.databaseFile, { readonly: true });
    const names = new Set(
      (
        db.prepare("SELECT name FROM Skill WHERE name LIKE ?").all(`shutdown-${run}-%`) as Array<{
          name: string;
        }>
      ).map((r) => r.name),
    );
    const ids = new Set(
      (db.prepare("SELECT id FROM Skill").all() as Array<{ id: number }>).map((r) => String(r.id)),
    );
    db.close();
    expect(names.size).toBe(writes.length);
    for (const a of acknowledged) expect(ids.has(String(a.insertedId))).toBe(true);
    for (const cookie of cookies) {
      const dash = await send(`${second.url}/dashboard`, { headers: { Cookie: cookie } });
      expect(dash.status).toBe(200);
    }
    const code2 = await second.stop("SIGTERM");
    expect(code2).toBe(0);
  }, 90_000);
});
