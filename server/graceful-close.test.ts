import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections, type ConnectionTracker } from "./graceful-close";

const BIG = 8 * 1024 * 1024;

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections?.();
});

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  const tracker = trackConnections(server, { lingerMs: 5_000 });
  await new Promise((r) => server.listen(0, "127.0.0.1", () => r(undefined)));
  const address = server.address() as AddressInfo;
  const closed = new Promise<number>((r) => server.once("close", () => r(Date.now())));
  return { server, tracker, closed, url: `http://127.0.0.1:${address.port}` };
}

type Answer = { status: number | undefined; bytes: number; connection: string | undefined };

/** GET on a keep-alive agent, reading the body as slowly as asked. */
function get(
  url: string,
  {
    agent,
    readDelayMs = 0,
    onResponse,
  }: { agent?: http.Agent; readDelayMs?: number; onResponse?: () => void } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      onResponse?.();
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (readDelayMs) {
          res.pause();
          setTimeout(() => res.resume(), readDelayMs);
        }
      });
      res.on("end", () =>
        resolve({ status: res.statusCode, bytes, connection: res.headers.connection }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe("trackConnections().close", () => {
  it("delivers every byte of a response that has ended but is still in the write buffer", async () => {
    let ended = () => {};
    const endedOnce = new Promise<void>((r) => (ended = r));
    const { tracker, closed, url } = await listen((_req, res) => {
      res.writeHead(200, { "Content-Length": String(BIG) });
      res.end(Buffer.alloc(BIG, 120));
      ended();
    });
    // The client reads slowly, so most of the 8 MB sits in the server's buffer when it closes.
    const answer = get(url, { readDelayMs: 5 });
    await endedOnce;
    tracker.close();
    await expect(answer).resolves.toMatchObject({ status: 200, bytes: BIG });
    await closed;
  });

  it("answers a request that arrived on a new connection but was not read yet", async () => {
    let tracker: ConnectionTracker = { close: () => {} };
    const started = await listen((_req, res) => res.end("answered"));
    tracker = started.tracker;
    // Closing on the connection event: the request is on the wire but not parsed yet.
    started.server.once("connection", () => tracker.close());
    await expect(get(started.url)).resolves.toMatchObject({ status: 200, bytes: 8 });
    await started.closed;
  });

  it("answers the connections queued in the kernel while the event loop was blocked", async () => {
    // The server runs in its own process: /block busy-waits 600 ms and then closes, while this
    // process opens five more connections (taken by the kernel, not yet by the server).
    const module = new URL("./graceful-close.ts", import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import http from "node:http";
         import { trackConnections } from ${JSON.stringify(module)};
         const server = http.createServer((req, res) => {
           if (req.url === "/block") {
             const until = Date.now() + 600;
             while (Date.now() < until);
             tracker.close(() => process.exit(0));
           }
           res.end("answered");
         });
         const tracker = trackConnections(server);
         server.listen(0, "127.0.0.1", () => console.log(server.address().port));`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const port = await new Promise<number>((r) =>
      child.stdout.once("data", (d: Buffer) => r(Number(String(d)))),
    );
    const exited = new Promise((r) => child.once("exit", r));
    const url = `http://127.0.0.1:${port}`;
    const blocked = get(`${url}/block`);
    await new Promise((r) => setTimeout(r, 150));
    const queued = Array.from({ length: 5 }, (_, i) => get(`${url}/queued-${i}`));
    const answers = await Promise.allSettled([blocked, ...queued]);
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value.status : a.reason.code))).toEqual(
      [200, 200, 200, 200, 200, 200],
    );
    expect(await exited).toBe(0);
  });

  it("closes idle keep-alive connections at once and busy ones right after their response", async () => {
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let arrived = () => {};
    const slowArrived = new Promise<void>((r) => (arrived = r));
    const { tracker, closed, url } = await listen(async (req, res) => {
      if (req.url === "/slow") {
        arrived();
        await released;
      }
      res.end("ok");
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    // Two connections: one left idle after its answer, one busy with a slow request.
    await Promise.all([get(`${url}/a`, { agent }), get(`${url}/b`, { agent })]);
    expect(Object.values(agent.freeSockets).flat().length).toBe(2);
    const slow = get(`${url}/slow`, { agent });
    await slowArrived;

    const closeCalled = Date.now();
    tracker.close();
    // The idle connection is ended by the server; the busy one waits for its answer.
    await new Promise((r) => setTimeout(r, 200));
    expect(Object.values(agent.freeSockets).flat().length).toBe(0);
    release();
    await expect(slow).resolves.toMatchObject({ status: 200, bytes: 2 });
    // Its keep-alive connection is ended right after the answer, not left for the idle timeout.
    const closedAt = await closed;
    expect(closedAt - closeCalled).toBeLessThan(2_000);
    agent.destroy();
  });
});
