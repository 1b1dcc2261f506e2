// Folio's HTTP server: Express in front of the Remix build (or Vite's dev server with --dev).
import "dotenv/config";
import { createApp } from "./server/app.js";
import { trackConnections } from "./server/graceful-close.js";

const dev = process.argv.includes("--dev");
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const SHUTDOWN_TIMEOUT_MS = 10_000;

const vite = dev
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined;
const buildDir = process.env.FOLIO_BUILD_DIR || "build";
const build = vite
  ? undefined
  : await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
const entry = async () =>
  vite ? (await vite.ssrLoadModule("virtual:remix/server-build")).entry.module : build.entry.module;

// Validates the configuration and prepares the database before taking traffic.
await (await entry()).startup?.();

const app = createApp({
  build,
  vite,
  production,
  buildDir,
  log: process.env.FOLIO_REQUEST_LOG !== "0",
});
const server = app.listen(port, host, () => {
  console.log(`Folio listening on http://localhost:${port}`);
});
// Keep idle connections open longer than clients and proxies reuse them (Node's 5 s default
// races with them and resets a reused socket); headers must arrive within the keep-alive time.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const connections = trackConnections(server);

let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests`);
  const force = setTimeout(() => {
    console.error("Shutdown took too long; exiting");
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS - 500);
  force.unref();
  // Stops accepting; idle connections end now, busy ones right after their response is out.
  connections.close(async () => {
    try {
      await (await entry()).shutdown?.();
      await vite?.close();
    } finally {
      console.log("Folio stopped");
      process.exit(0);
    }
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
