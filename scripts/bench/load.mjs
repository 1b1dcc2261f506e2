// The load generator: `connections` keep-alive HTTP/1.1 connections on loopback, each sending
// its next GET as soon as the previous answer is complete, for `duration` seconds; then it waits
// for the answers in flight and stops by itself. Latency is timed from the write of each request
// to the last byte of its answer.
//
// Written here instead of autocannon because autocannon mis-times every answer after a server
// closes a connection (it keeps the lost request in its queue, so latencies grow without bound)
// and because a small client leaves more of the 2 cores to the servers being measured. A server
// that answers `Connection: close` is followed (a new connection per answer) and counted in
// `reconnects`. Answers are parsed just enough to find their end: Content-Length or chunked.
import net from "node:net";
import { cpuMsOf } from "./production-server.mjs";

const CRLF2 = Buffer.from("\r\n\r\n");

/** Where the answer starting at `buf[0]` ends, with its status; null while incomplete. */
export function parseAnswer(buf, { head = false } = {}) {
  const end = buf.indexOf(CRLF2);
  if (end < 0) return null;
  const lines = buf.toString("latin1", 0, end).split("\r\n");
  const status = Number(lines[0].split(" ")[1]);
  let length = null;
  let chunked = false;
  let close = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === "content-length") length = Number(value);
    else if (name === "transfer-encoding") chunked = value.includes("chunked");
    else if (name === "connection") close = value.includes("close");
  }
  let offset = end + 4;
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200))
    return { status, size: offset, close };
  if (chunked) {
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", offset);
      if (lineEnd < 0) return null;
      const chunk = parseInt(buf.toString("latin1", offset, lineEnd), 16);
      offset = lineEnd + 2 + chunk + 2;
      if (offset > buf.length) return null;
      if (chunk === 0) return { status, size: offset, close };
    }
  }
  if (length === null) return null; // read until close: not used by the servers measured
  return offset + length <= buf.length ? { status, size: offset + length, close } : null;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The figures of one or more loads of the same target, as if they were one. */
function summarize(parts) {
  const sum = (key) => parts.reduce((total, part) => total + part[key], 0);
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const answers = sum("answers");
  const result = {
    rps: answers / sum("seconds"),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
    requests: answers,
    errors: sum("errors"),
    reconnects: sum("reconnects"),
    bytesPerResponse: answers ? Math.round(sum("bytes") / answers) : null,
  };
  // kept, not enumerable (not in the JSON), so that loads can be combined
  return Object.defineProperty(result, "parts", { value: parts });
}

/** Several loads of one target (e.g. taken in turns with another target) as one result. */
export function combine(results) {
  return summarize(results.flatMap((r) => r.parts));
}

/**
 * Loads `url` and returns req/s, latency percentiles (ms), answers, errors (failed connections
 * and answers with another status than `expectStatus`), reconnects, bytes per answer.
 */
export function load(url, { duration, connections, headers = {}, expectStatus = 200 }) {
  const { hostname, port, pathname, search } = new URL(url);
  const request = Buffer.from(
    `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("") +
      "\r\n",
  );
  const latencies = [];
  let answers = 0;
  let errors = 0;
  let reconnects = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(duration * 1e9));

  return new Promise((resolve) => {
    let open = connections;
    const finishOne = () => {
      if (--open > 0) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve(summarize([{ seconds, latencies, answers, errors, reconnects, bytes }]));
    };

    const connection = () => {
      let buf = Buffer.alloc(0);
      // The first request's time includes the connection's set-up (a reconnect costs that).
      let sentAt = process.hrtime.bigint();
      let done = false;
      const socket = net.connect(Number(port), hostname);
      socket.setNoDelay(true);
      const send = () => {
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      // This connection is over: open the next one in its place while the load lasts.
      const retire = ({ failed = false, reopen = true } = {}) => {
        if (done) return;
        done = true;
        if (failed) errors++;
        socket.destroy();
        if (reopen && process.hrtime.bigint() < deadline) connection();
        else finishOne();
      };
      socket.on("connect", () => socket.write(request));
      socket.on("data", (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        const answer = parseAnswer(buf);
        if (!answer) return;
        const now = process.hrtime.bigint();
        latencies.push(Number(now - sentAt) / 1e6);
        answers++;
        bytes += answer.size;
        if (answer.status !== expectStatus) errors++;
        buf = buf.subarray(answer.size);
        if (now >= deadline) return retire({ reopen: false });
        if (!answer.close) return send();
        reconnects++;
        retire();
      });
      // An error or a close with a request in flight: that request failed.
      socket.on("error", () => retire({ failed: true }));
      socket.on("close", () => retire({ failed: true }));
      socket.setTimeout(10_000, () => retire({ failed: true, reopen: false }));
    };
    for (let i = 0; i < connections; i++) connection();
  });
}

/**
 * Loads two targets in turns, A B B A, `rounds` times (default 1), each turn lasting
 * `duration / (2 * rounds)` seconds, so that a change in how busy the shared machine is weighs
 * on both alike (more, shorter rounds follow a machine whose speed swings within seconds, as a
 * shared VM's does). Each result adds the CPU time its SERVER process (`pid`) spent per answer,
 * in µs (/proc); `roundRatios` is A's req/s over B's in each round (their spread shows the noise).
 */
export async function measurePair(a, b, { rounds = 1, ...options }) {
  const turns = { a: [], b: [] };
  const cpuMs = { a: 0, b: 0 };
  const order = Array.from({ length: rounds }, () => ["a", "b", "b", "a"]).flat();
  for (const key of order) {
    const { url, pid } = key === "a" ? a : b;
    const before = cpuMsOf(pid);
    turns[key].push(await load(url, { ...options, duration: options.duration / (2 * rounds) }));
    const after = cpuMsOf(pid);
    cpuMs[key] =
      before === null || after === null || cpuMs[key] === null ? null : cpuMs[key] + after - before;
  }
  const result = (key) => {
    const combined = combine(turns[key]);
    return {
      ...combined,
      cpuUsPerRequest:
        cpuMs[key] === null || combined.requests === 0
          ? null
          : (cpuMs[key] * 1000) / combined.requests,
    };
  };
  const roundRatios = Array.from({ length: rounds }, (_, i) => {
    const [rpsA, rpsB] = ["a", "b"].map((key) => combine(turns[key].slice(2 * i, 2 * i + 2)).rps);
    return rpsB ? rpsA / rpsB : 0;
  });
  return { a: result("a"), b: result("b"), roundRatios };
}

/** A short load first (JIT, caches, connections) so the measurement starts warm. */
export async function warmUp(url, headers, expectStatus = 200) {
  await load(url, { duration: 0.5, connections: 10, headers, expectStatus });
}
