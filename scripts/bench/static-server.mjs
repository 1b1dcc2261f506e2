// The ceiling: a static server answering, for each page, the exact bytes and headers Folio
// answered (captured once with rawGet), from memory, with plain `http.createServer`. It runs as
// a process of its own, like the app: in the load generator's process it would share that
// process's one thread with autocannon and read low.
//
//   startStaticServer({ "/": { status, headers, body } }) -> { url, pid, stop() }
//
// Run directly (`node static-server.mjs pages.json`) it is that child: it prints its port on
// stdout and stops on SIGTERM.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Per connection or per answer, not part of what a page is: Node sets them itself.
const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);
// What a file server sends with a 304 (RFC 9110 §15.4.5).
const NOT_MODIFIED_HEADERS = new Set([
  "etag",
  "cache-control",
  "vary",
  "expires",
  "content-location",
]);

function serve(file) {
  const pages = new Map(
    Object.entries(JSON.parse(fs.readFileSync(file, "utf8"))).map(([url, page]) => {
      const body = Buffer.from(page.body, "base64");
      const headers = page.headers.filter(([k]) => !CONNECTION_HEADERS.has(k.toLowerCase()));
      const etag = headers.find(([k]) => k.toLowerCase() === "etag")?.[1];
      if (!headers.some(([k]) => k.toLowerCase() === "content-length"))
        headers.push(["Content-Length", String(body.length)]);
      return [
        url,
        {
          status: page.status,
          headers: headers.flat(),
          body,
          etag,
          notModified: headers.filter(([k]) => NOT_MODIFIED_HEADERS.has(k.toLowerCase())).flat(),
        },
      ];
    }),
  );
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) {
      res.writeHead(404, { "Content-Length": "0" }).end();
    } else if (page.etag && req.headers["if-none-match"] === page.etag) {
      res.writeHead(304, page.notModified).end();
    } else {
      res.writeHead(page.status, page.headers);
      res.end(req.method === "HEAD" ? undefined : page.body);
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
  process.on("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

/** Starts the static copy of `pages` ({ path: rawGet() answer }) in a child process. */
export async function startStaticServer(pages) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folio-static-"));
  const file = path.join(dir, "pages.json");
  const stored = Object.fromEntries(
    Object.entries(pages).map(([url, p]) => [
      url,
      { status: p.status, headers: p.headers, body: p.body.toString("base64") },
    ]),
  );
  fs.writeFileSync(file, JSON.stringify(stored));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
      child.once("exit", (code) => reject(new Error(`the static server exited with ${code}`)));
    });
    return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  serve(process.argv[2]);
