// Sends large request bodies to a test server without holding them in memory: the body is
// generated as a stream (one reused 64 KB chunk), declared with Content-Length or sent chunked.
// Used by the body-limit and fuzz tests (loopback only, each request bounded in time).
import http from "node:http";
import { Readable } from "node:stream";

const CHUNK = Buffer.alloc(64 * 1024, "x");

/** `prefix`, then `size` filler bytes, then `suffix`, as a stream. */
export function generatedBody(size: number, prefix = "", suffix = ""): Readable {
  let left = size;
  let step = 0;
  return new Readable({
    read() {
      if (step === 0) {
        step = 1;
        if (prefix) return void this.push(prefix);
      }
      if (left > 0) {
        const n = Math.min(left, CHUNK.length);
        left -= n;
        return void this.push(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n));
      }
      if (step === 1) {
        step = 2;
        if (suffix) return void this.push(suffix);
      }
      this.push(null);
    },
  });
}

export type StreamAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * POSTs a generated body to `url`. Resolves with the answer as soon as it is complete (the
 * request is then dropped, whatever is left of the body unsent), or rejects when no answer came
 * within `timeoutMs`. `declared`: send Content-Length (else chunked, with none).
 */
export function postStream(
  url: string,
  {
    size,
    prefix = "",
    suffix = "",
    declared,
    headers = {},
    timeoutMs = 20_000,
  }: {
    size: number;
    prefix?: string;
    suffix?: string;
    declared: boolean;
    headers?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<StreamAnswer> {
  const length = Buffer.byteLength(prefix) + size + Buffer.byteLength(suffix);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        ...headers,
        ...(declared ? { "Content-Length": String(length) } : { "Transfer-Encoding": "chunked" }),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from ${url} within ${timeoutMs} ms`));
    }, timeoutMs);
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        if (body.length < 1024 * 1024) body += d;
      });
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      };
      res.on("end", done);
      res.on("error", done);
    });
    // Writing fails once the server closes the connection after its answer: expected.
    req.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    const source = generatedBody(size, prefix, suffix);
    source.on("error", () => undefined);
    source.pipe(req);
  });
}

/** The resident memory (VmRSS) of a process, in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const fs = await import("node:fs/promises");
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}
