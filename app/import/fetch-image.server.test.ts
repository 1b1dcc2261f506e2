// fetchImage against a loopback server: redirects (followed up to 5, http(s) only), the size cap
// counted while streaming (and a declared Content-Length over it refused before reading), one
// time limit for the whole download (a body that drips forever is cut off), GET only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REDIRECTS, fetchImage, isHttpAddress } from "./fetch-image.server";

const limits = { timeoutMs: 5000, maxBytes: 1000 };
const methods: string[] = [];
const open = new Set<http.ServerResponse>();
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    methods.push(req.method ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    const hop = Number(url.searchParams.get("n") ?? 0);
    if (url.pathname === "/ok") return void res.end(Buffer.alloc(600, 1));
    if (url.pathname === "/chain") {
      const location = hop > 0 ? `/chain?n=${hop - 1}` : "/ok";
      return void res.writeHead(301, { Location: location }).end();
    }
    if (url.pathname === "/to-file") {
      return void res.writeHead(302, { Location: "file:///etc/passwd" }).end();
    }
    if (url.pathname === "/declared-big") {
      res.writeHead(200, { "Content-Length": "5000" });
      return void res.end(Buffer.alloc(5000));
    }
    if (url.pathname === "/streamed-big") {
      res.writeHead(200); // chunked: no length declared
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(400));
      return void res.end();
    }
    if (url.pathname === "/drip") {
      // Answers at once, then sends a byte every 50 ms forever.
      open.add(res);
      res.writeHead(200);
      const timer = setInterval(() => res.write("x"), 50);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (url.pathname === "/empty") return void res.end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("fetchImage", () => {
  it("downloads with GET and follows up to 5 redirects", async () => {
    const result = await fetchImage(`${base}/chain?n=${MAX_REDIRECTS - 1}`, limits);
    expect(result).toEqual({ ok: true, bytes: Buffer.alloc(600, 1) });
    expect(new Set(methods)).toEqual(new Set(["GET"]));
  });

  it("refuses a sixth redirect", async () => {
    expect(await fetchImage(`${base}/chain?n=${MAX_REDIRECTS}`, limits)).toEqual({
      ok: false,
      reason: "more than 5 redirects",
    });
  });

  it("downloads http(s) only, redirects included", async () => {
    expect(await fetchImage("file:///etc/passwd", limits)).toMatchObject({ ok: false });
    expect(await fetchImage("ftp://example.com/a.jpg", limits)).toMatchObject({ ok: false });
    expect(await fetchImage(`${base}/to-file`, limits)).toEqual({
      ok: false,
      reason: "redirected to a non-http(s) address",
    });
  });

  it("refuses more than the cap, declared or counted while streaming", async () => {
    const tooBig = { ok: false, reason: "the image is larger than 1000 bytes" };
    expect(await fetchImage(`${base}/declared-big`, limits)).toEqual(tooBig);
    expect(await fetchImage(`${base}/streamed-big`, limits)).toEqual(tooBig);
  });

  it("gives the whole download one time limit: a body that never ends is cut off", async () => {
    const started = Date.now();
    const result = await fetchImage(`${base}/drip`, { timeoutMs: 300, maxBytes: 1_000_000 });
    expect(result).toEqual({ ok: false, reason: "no complete answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("names a missing file, an empty answer and a host that cannot be reached", async () => {
    expect(await fetchImage(`${base}/nothing.jpg`, limits)).toEqual({
      ok: false,
      reason: "the server answered 404",
    });
    expect(await fetchImage(`${base}/empty`, limits)).toEqual({
      ok: false,
      reason: "the answer is empty",
    });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchImage(`http://127.0.0.1:${port}/a.jpg`, limits)).toEqual({
      ok: false,
      reason: "the host cannot be reached (ECONNREFUSED)",
    });
  });
});

describe("isHttpAddress", () => {
  it("accepts absolute http(s) URLs only", () => {
    expect(isHttpAddress("https://i.imgur.com/a.png")).toBe(true);
    expect(isHttpAddress("http://127.0.0.1:3000/x")).toBe(true);
    expect(isHttpAddress("/images/abc")).toBe(false);
    expect(isHttpAddress("uploads/a.png")).toBe(false);
    expect(isHttpAddress("data:image/png;base64,AAAA")).toBe(false);
    expect(isHttpAddress("javascript:alert(1)")).toBe(false);
  });
});
