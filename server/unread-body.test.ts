import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWhenBodyUnread } from "./unread-body";

/** One request on its own connection: the status and whether the server keeps it open. */
function send(port: number, method: string, body?: Buffer) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        port,
        method,
        path: "/",
        agent: new http.Agent({ keepAlive: true }),
        headers: body ? { "Content-Length": body.length } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("closeWhenBodyUnread", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(closeWhenBodyUnread);
    // Answers at once, never reading a body (like a cache hit or an early refusal).
    app.all("/", (_req, res) => {
      res.status(200).send("ok");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("keeps the connection of a bodiless request answered at once", async () => {
    expect(await send(port, "GET")).toEqual({ status: 200, connection: "keep-alive" });
  });

  it("closes the connection when a large body is left unread", async () => {
    const answer = await send(port, "POST", Buffer.alloc(1024 * 1024, 1));
    expect(answer).toEqual({ status: 200, connection: "close" });
  });
});
