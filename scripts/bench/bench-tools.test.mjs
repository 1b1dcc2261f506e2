// The bench's own tools: the load generator's answer parsing and reconnects, and the static
// copy answering the captured bytes from a process of its own.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, measurePair, parseAnswer } from "./load.mjs";
import { headerOf, rawGet } from "./raw-response.mjs";
import { startStaticServer } from "./static-server.mjs";

describe("parseAnswer", () => {
  const head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n";
  it("ends a Content-Length answer after its body, not before", () => {
    const full = Buffer.from(`${head}Content-Length: 5\r\n\r\nhello`);
    expect(parseAnswer(full)).toEqual({ status: 200, size: full.length, close: false });
    expect(parseAnswer(full.subarray(0, full.length - 1))).toBeNull();
    expect(parseAnswer(Buffer.concat([full, Buffer.from("HTTP/1.1 200")]))?.size).toBe(full.length);
  });
  it("follows chunks to the last one, and sees Connection: close", () => {
    const full = Buffer.from(
      `${head}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\na\r\n0123456789\r\n0\r\n\r\n`,
    );
    expect(parseAnswer(full)).toEqual({ status: 200, size: full.length, close: true });
    expect(parseAnswer(full.subarray(0, full.length - 2))).toBeNull();
  });
  it("knows a 304 has no body", () => {
    const full = Buffer.from(
      'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\nContent-Length: 99\r\n\r\n',
    );
    expect(parseAnswer(full)).toEqual({ status: 304, size: full.length, close: false });
  });
});

describe("a page and its static copy under load", () => {
  let origin;
  let url;
  let answered = 0;
  beforeAll(async () => {
    const body = zlib.gzipSync(Buffer.from("<!doctype html><p>page</p>".repeat(50)));
    origin = http.createServer((req, res) => {
      answered++;
      // Every third answer closes the connection, like a server ending keep-alive; /chunked
      // answers without a length.
      if (answered % 3 === 0) res.setHeader("Connection", "close");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("ETag", '"v1"');
      res.setHeader("X-Custom", "kept");
      if (req.url === "/chunked") {
        res.write(body.subarray(0, 10));
        res.end(body.subarray(10));
      } else {
        res.setHeader("Content-Length", body.length);
        res.end(body);
      }
    });
    await new Promise((r) => origin.listen(0, "127.0.0.1", () => r(undefined)));
    url = `http://127.0.0.1:${origin.address().port}`;
  });
  afterAll(() => new Promise((r) => origin.close(r)));

  it("counts every answer, reconnects where the server closed, and times each one", async () => {
    for (const path of ["/", "/chunked"]) {
      const result = await load(`${url}${path}`, { duration: 0.3, connections: 4 });
      expect(result.errors).toBe(0);
      expect(result.requests).toBeGreaterThan(6);
      expect(result.reconnects).toBeGreaterThan(0);
      expect(result.reconnects).toBeLessThan(result.requests);
      expect(result.p50).toBeLessThanOrEqual(result.p99);
      expect(result.p99).toBeLessThanOrEqual(result.max);
    }
  });

  it("counts answers with another status than the expected one as errors", async () => {
    const result = await load(`${url}/`, { duration: 0.1, connections: 1, expectStatus: 304 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(result.requests);
  });

  it("replays the captured bytes and headers from another process, with 304 and 404", async () => {
    const captured = await rawGet(`${url}/`, { "accept-encoding": "br, gzip" });
    const copy = await startStaticServer({ "/": captured });
    try {
      expect(copy.pid).not.toBe(process.pid);
      const replayed = await rawGet(`${copy.url}/`, { "accept-encoding": "br, gzip" });
      expect(replayed.status).toBe(200);
      expect(replayed.body.equals(captured.body)).toBe(true);
      for (const name of ["Content-Type", "Content-Encoding", "ETag", "X-Custom", "Content-Length"])
        expect(headerOf(replayed.headers, name)).toBe(headerOf(captured.headers, name));
      const revalidated = await rawGet(`${copy.url}/`, { "if-none-match": '"v1"' });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(headerOf(revalidated.headers, "ETag")).toBe('"v1"');
      expect((await rawGet(`${copy.url}/other`)).status).toBe(404);
      const { a: original, b: replay } = await measurePair(
        { url: `${url}/`, pid: process.pid },
        { url: `${copy.url}/`, pid: copy.pid },
        { duration: 0.2, connections: 2 },
      );
      expect(original.requests).toBeGreaterThan(0);
      expect(original.cpuUsPerRequest).toBeGreaterThanOrEqual(0);
      expect(replay.errors).toBe(0);
      expect(replay.reconnects).toBe(0);
      expect(replay.cpuUsPerRequest).toBeGreaterThanOrEqual(0);
      // More, shorter rounds: every turn is taken, and each round has its own A/B ratio.
      const inRounds = await measurePair(
        { url: `${url}/`, pid: process.pid },
        { url: `${copy.url}/`, pid: copy.pid },
        { duration: 0.3, connections: 2, rounds: 3 },
      );
      expect(inRounds.roundRatios).toHaveLength(3);
      for (const ratio of inRounds.roundRatios) expect(ratio).toBeGreaterThan(0);
      expect(inRounds.a.requests).toBeGreaterThan(0);
      expect(inRounds.b.requests).toBeGreaterThan(0);
    } finally {
      await copy.stop();
    }
  });
});
