// Folio's HTTP server: Express in front of the Remix build (or Vite's dev server with --dev).
// Started through server.js, which has tsx compile this TypeScript on load: the same code and
// toolchain in development (`npm run dev`) and production (`npm start`, the container).
import "dotenv/config";
import type { ServerBuild } from "@remix-run/node";
import http from "node:http";
import { env } from "../app/utils/env.server";
import { createServerHandler, serverEntry, type AppSource } from "./app";
import { trackConnections } from "./graceful-close";

const SHUTDOWN_TIMEOUT_MS = 10_000;

// The one parse of the environment (the app's schema): the Remix build's code reuses it, and an
// invalid setting stops the server here, before anything is loaded, with every wrong variable named.
const config = env();
const dev = process.argv.includes("--dev");

async function loadApp(): Promise<AppSource> {
  if (dev) {
    const { createServer } = await import("vite");
    return { vite: await createServer({ server: { middlewareMode: true } }) };
  }
  const url = new URL(`../${config.FOLIO_BUILD_DIR}/server/index.js`, import.meta.url);
  return { build: (await import(url.href)) as ServerBuild };
}
const source = await loadApp();

// Prepares the database (and the owner account) before taking traffic.
await (await serverEntry(source)).startup?.();

// Page-cache hits are answered first; everything else goes through Express (server/app.ts).
const server = http.createServer(createServerHandler(source, config));
server.listen(config.PORT, config.HOST, () => {
  console.log(`Folio listening on http://localhost:${config.PORT}`);
});
// Keep idle connections open longer than clients and proxies reuse them (Node's 5 s default
// races with them and resets a reused socket); headers must arrive within the keep-alive time.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const connections = trackConnections(server);

let shuttingDown = false;
function shutdown(signal: NodeJS.Signals) {
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
      await (await serverEntry(source)).shutdown?.();
      await source.vite?.close();
    } finally {
      console.log("Folio stopped");
      process.exit(0);
    }
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
