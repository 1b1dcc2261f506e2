// One production server at a time under the bench's load (issue #18's second way of measuring the
// cost of visit statistics): `node scripts/bench/one-at-a-time.mjs 1 0 1 0` starts a fresh server
// per argument with FOLIO_VISIT_STATS set to it, loads `/` for --duration seconds (default 20)
// with 50 connections and a desktop Chrome User-Agent, prints req/s and the server's CPU µs per
// answer, and stops it. Loopback only, bounded in time. Needs a build (npm run build).
import { load, warmUp } from "./load.mjs";
import {
  CHROME_UA,
  cpuMsOf,
  productionLikeEnv,
  startProductionServer,
} from "./production-server.mjs";

const args = process.argv.slice(2);
const durationAt = args.indexOf("--duration");
const duration = durationAt >= 0 ? Number(args.splice(durationAt, 2)[1]) : 20;
const settings = args.length > 0 ? args : ["1", "0"];
const headers = {
  "User-Agent": CHROME_UA,
  "Accept-Encoding": "br, gzip",
  Accept: "text/html",
};

for (const stats of settings) {
  const server = await startProductionServer({
    buildDir: process.env.FOLIO_BUILD_DIR ?? "build",
    extraEnv: {
      FOLIO_VISIT_STATS: stats,
      ...productionLikeEnv({ requestLog: process.env.FOLIO_REQUEST_LOG === "1" }),
    },
  });
  try {
    await warmUp(`${server.url}/`, headers);
    const cpuBefore = cpuMsOf(server.pid);
    const result = await load(`${server.url}/`, { duration, connections: 50, headers });
    const cpuUs = ((cpuMsOf(server.pid) - cpuBefore) * 1000) / result.requests;
    console.log(
      `FOLIO_VISIT_STATS=${stats}: ${Math.round(result.rps)} req/s, ${cpuUs.toFixed(0)} µs CPU per answer, ${result.errors} errors`,
    );
  } finally {
    await server.stop();
  }
}
