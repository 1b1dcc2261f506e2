// The image path through the real production server: upload over HTTP, serving headers
// through Express (ETag/304, HEAD, no compression of images), traversal attempts as raw
// request paths, and the size cap answered while the upload is still arriving.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photo } from "../fixtures/images";
import { startTestServer, type TestServer } from "../support/server";

const TOKEN = "images-http-test-token";
let server: TestServer;
let ref: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { API_TOKEN: TOKEN, UPLOAD_MAX_BYTES: String(1024 * 1024) },
  });
  const body = new FormData();
  body.append(
    "image",
    new File([new Uint8Array(await photo({ width: 1000, height: 750 }))], "p.jpg", {
      type: "image/jpeg",
    }),
  );
  const res = await fetch(`${server.url}/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, Origin: server.url },
    body,
  });
  expect(res.status).toBe(200);
  ref = ((await res.json()) as { data: { url: string } }).data.url;
  expect(ref).toMatch(/^\/images\/[a-z0-9]{16}-1000x750$/);
});
afterAll(async () => {
  await server?.stop();
});

/** A request with the path sent exactly as written (fetch would normalise ../). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path, method: "GET" },
      (res) => {
        let body = "";
        res.setEncoding("latin1");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("images through the production server", () => {
  it("serves a variant with its type, immutable caching, ETag and no compression", async () => {
    const res = await fetch(`${server.url}${ref}/640.avif`, {
      headers: { "Accept-Encoding": "gzip, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const bytes = await res.arrayBuffer();
    expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
  });

  it("answers a conditional request with 304 and HEAD without a body", async () => {
    const first = await fetch(`${server.url}${ref}/960.webp`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await fetch(`${server.url}${ref}/960.webp`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const head = await fetch(`${server.url}${ref}/960.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
  });

  it("answers the plain reference with a JPEG and serves the seeded demo pictures", async () => {
    const plain = await fetch(`${server.url}${ref}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    const demo = await fetch(`${server.url}/images/demoprofileimage-600x750/600.avif`);
    expect(demo.status).toBe(200);
    expect(demo.headers.get("content-type")).toBe("image/avif");
  });

  it.each([
    "/images/../package.json",
    "/images/..%2F..%2Fpackage.json",
    "/images/%2e%2e/%2e%2e/package.json",
    "/images/KEY/..%2F..%2F..%2Fpackage.json",
    "/images/KEY/%2e%2e%5c%2e%2e%5cpackage.json",
    "/images/KEY/..",
    "/images/KEY%00/640.avif",
    "/images/KEY/640.avif%00.txt",
    "/images/%2Fetc%2Fpasswd",
    "/images/KEY/%2Fetc%2Fpasswd",
  ])("answers 404 to the traversal attempt %s", async (path) => {
    const res = await rawGet(path.replace("KEY", ref.slice("/images/".length)));
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('"name": "folio"');
    expect(res.body).not.toContain("root:");
  });

  it("answers 404 to an unknown variant of a real image", async () => {
    const res = await fetch(`${server.url}${ref}/1600.avif`);
    expect(res.status).toBe(404);
  });

  it("refuses an over-size upload with 413 while the body is still arriving", async () => {
    const boundary = "----folio-http-cap";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    );
    const total = 16 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x33);
    let written = 0;
    let answeredAt = -1;
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port: server.port,
        path: "/upload",
        method: "POST",
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          Origin: server.url,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          // No Content-Length (chunked): a declared length over the whole-form cap is refused
          // before any byte is read; this checks the per-file cap met while the file arrives.
        },
      });
      req.on("response", (res) => {
        answeredAt = written;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server may close the connection once it has answered: that is the point.
      req.on("error", (error) => (answeredAt >= 0 ? undefined : reject(error)));
      req.write(head);
      const pump = () => {
        while (answeredAt < 0 && written < total) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (answeredAt < 0) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({
      error: "Image upload failed: the file is larger than 1 MB",
    });
    // The answer came before the client had sent the whole 16 MB.
    expect(answeredAt).toBeGreaterThan(0);
    expect(answeredAt).toBeLessThan(total);
  });
});
