// The Express app in front of Remix: proxy-header hygiene, the client address, compression,
// the request log, security headers, CORS and the CSRF guard, static files, rate limits, the
// page cache, then Remix. Its settings come from the app's configuration (ServerConfig).
// createServerHandler puts the page cache's hits (server/fast-hit.ts) in front of it.
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import morgan from "morgan";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { clientAddress } from "../app/utils/client-ip.server";
import type { Env } from "../app/utils/env.server";
import { CLIENT_IP_HEADER, SAFE_METHODS } from "../app/utils/http-names.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentClock } from "./content-clock";
import { apiCors } from "./cors";
import { createFastHit } from "./fast-hit";
import { PageStore, pageCache, publicOriginOf } from "./page-cache";
import { privateNoStore } from "./private-cache";
import { publicCacheControl } from "./public-cache";
import {
  checkCrossSite,
  crossSiteInputOf,
  parseAllowedOrigins,
  stripForwardedHeaders,
  TRUSTED_FORWARDED_HEADERS,
  forwardedHostAsHost,
} from "./guards";
import {
  createAnonymousLimiter,
  rateLimit,
  rateLimitOptionsOf,
  type VerifyOwner,
} from "./rate-limit";
import { securityHeaders } from "./security-headers";
import { closeWhenBodyUnread } from "./unread-body";

/** What the server uses of the app's entry module (app/entry.server.tsx). */
export type FolioEntry = Partial<
  Pick<
    typeof import("../app/entry.server"),
    "startup" | "shutdown" | "isOwnerRequest" | "contentVersion" | "recordPageView"
  >
>;

/** Where the app comes from: the production build, or Vite's dev server (`--dev`). */
export type AppSource =
  { build: ServerBuild; vite?: undefined } | { build?: undefined; vite: ViteDevServer };

/** The app's entry module (loaded afresh from Vite in development, so edits are seen). */
export async function serverEntry(source: AppSource): Promise<FolioEntry> {
  const build = source.vite
    ? ((await source.vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
    : source.build;
  return build.entry.module as FolioEntry;
}

/** The configuration the server reads (app/utils/env.server.ts, the app's one schema). */
export type ServerConfig = Pick<
  Env,
  | "NODE_ENV"
  | "TRUST_PROXY"
  | "ALLOWED_ORIGINS"
  | "PUBLIC_URL"
  | "FOLIO_BUILD_DIR"
  | "FOLIO_PAGE_CACHE"
  | "FOLIO_CONTENT_CHECK_MS"
  | "PUBLIC_CACHE_CONTROL"
  | "FOLIO_REQUEST_LOG"
  | "FOLIO_VISIT_STATS"
  | "RATE_LIMIT_DISABLED"
  | "RATE_LIMIT_RPM"
  | "RATE_LIMIT_WRITE_RPM"
  | "RATE_LIMIT_WINDOW_SECONDS"
>;

/**
 * The server's request handler: page-cache hits answered first (server/fast-hit.ts), before
 * Express; everything else goes to the Express app (createApp), which shares the cache, the
 * content clock and the rate limit's counts with it.
 */
export function createServerHandler(source: AppSource, config: ServerConfig) {
  const shared = sharedState(source, config);
  const app = createApp(source, config, shared);
  const fastHit = shared.cache
    ? createFastHit({
        ...shared.cache,
        limiter: shared.limiter,
        log: config.FOLIO_REQUEST_LOG
          ? {
              production: config.NODE_ENV === "production",
              write: (line) => process.stdout.write(`${line}\n`),
            }
          : undefined,
      })
    : () => false;
  const observe = config.FOLIO_VISIT_STATS
    ? pageViewObserver(source, config.TRUST_PROXY)
    : undefined;
  return (req: IncomingMessage, res: ServerResponse) => {
    observe?.(req, res);
    if (!fastHit(req, res)) app(req, res);
  };
}

type RecordPageView = NonNullable<FolioEntry["recordPageView"]>;

/**
 * Visit statistics: every GET, whether a page-cache hit or answered by Express, is handed to the
 * app's recorder (app/utils/page-views.server.ts) once its answer is out, with the client's
 * address and the host it asked for, computed as the rest of the server does. Only a listener per
 * request here; the rules and the counting are the app's (cheap, in memory).
 */
function pageViewObserver(source: AppSource, trustProxy: boolean) {
  const built = (source.build?.entry.module as FolioEntry | undefined)?.recordPageView;
  const record: RecordPageView | undefined = source.vite
    ? (view) => {
        serverEntry(source)
          .then((entry) => entry.recordPageView?.(view))
          .catch((error: unknown) => console.error("Counting a page view failed", error));
      }
    : built;
  if (!record) return undefined;
  // One listener for every response (no closure per request): the request is `res.req`, its
  // target `originalUrl` when Express rewrote `url`.
  function onFinish(this: ServerResponse) {
    const status = this.statusCode;
    if (status !== 200 && status !== 304) return;
    const req = this.req as IncomingMessage & { originalUrl?: string };
    const { headers } = req;
    try {
      record!({
        method: "GET",
        url: req.originalUrl ?? req.url ?? "",
        status,
        headers,
        host: requestHost(headers, trustProxy),
        ip: clientAddress({
          socketAddress: req.socket.remoteAddress,
          forwardedFor: trustProxy ? headers["x-forwarded-for"] : undefined,
          trustProxy,
        }),
      });
    } catch (error) {
      console.error("Counting a page view failed", error);
    }
  }
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET") res.on("finish", onFinish);
  };
}

/** The host a request asked for: X-Forwarded-Host's first value behind a trusted proxy, or Host. */
function requestHost(headers: IncomingMessage["headers"], trustProxy: boolean): string {
  const forwarded = trustProxy ? headers["x-forwarded-host"] : undefined;
  const first = typeof forwarded === "string" ? forwarded.split(",")[0].trim() : "";
  return first || headers.host || "";
}

type SharedState = ReturnType<typeof sharedState>;

/** The page cache (when on) and the anonymous rate limit's counters. */
function sharedState(source: AppSource, config: ServerConfig) {
  const options = rateLimitOptionsOf(config);
  const limiter = options.disabled ? undefined : createAnonymousLimiter(options);
  // Rendered public pages are reused for anonymous visitors until the database changes (not in
  // development, where the code changes under it).
  const contentVersion = (source.build?.entry.module as FolioEntry | undefined)?.contentVersion;
  const cache =
    !source.vite && contentVersion && config.FOLIO_PAGE_CACHE
      ? {
          store: new PageStore(),
          clock: contentClock({ read: contentVersion, maxStaleMs: config.FOLIO_CONTENT_CHECK_MS }),
          trustProxy: config.TRUST_PROXY,
          publicOrigin: publicOriginOf(config.PUBLIC_URL),
        }
      : undefined;
  return { limiter, cache };
}

/** Builds the Express app around a Remix build (or Vite's dev server). */
export function createApp(
  source: AppSource,
  config: ServerConfig,
  shared: SharedState = sharedState(source, config),
) {
  const { build, vite } = source;
  const production = config.NODE_ENV === "production";
  const buildDir = config.FOLIO_BUILD_DIR;
  const app = express();
  app.disable("x-powered-by");
  const trustProxy = config.TRUST_PROXY;
  if (trustProxy) app.set("trust proxy", true);
  // Proxy headers: only X-Forwarded-For/-Proto/-Host, and only from a trusted proxy. Without
  // TRUST_PROXY all of them are dropped before anything (Express, Remix's request URL, the
  // page cache, the rate limits) can read one.
  app.use(stripForwardedHeaders({ keep: trustProxy ? TRUSTED_FORWARDED_HEADERS : [] }));
  if (trustProxy) app.use(forwardedHostAsHost());
  const allowedOrigins = parseAllowedOrigins(config.ALLOWED_ORIGINS);

  app.use(closeWhenBodyUnread); // a body left unread must not stall the connection
  app.use(compression());
  if (config.FOLIO_REQUEST_LOG) app.use(morgan(production ? "combined" : "dev"));
  app.use(securityHeaders({ production, dev: Boolean(vite) }));
  app.use(privateNoStore());
  app.use(publicCacheControl(config.PUBLIC_CACHE_CONTROL));

  // The client address the rate limits and the app see (computed here, once; whatever a
  // client sent in this header is overwritten).
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = clientAddress({
      socketAddress: req.socket.remoteAddress,
      forwardedFor: req.headers["x-forwarded-for"],
      trustProxy,
    });
    next();
  });

  app.use(apiCors(allowedOrigins)); // REST API: CORS for ALLOWED_ORIGINS, OPTIONS with Allow

  app.use((req, res, next) => {
    const refused = checkCrossSite(crossSiteInputOf(req, { trustProxy, allowedOrigins }));
    if (!refused) return next();
    const wantsJson = req.accepts(["html", "json"]) === "json" || req.query._data !== undefined;
    res.status(refused.status);
    if (wantsJson) res.json({ success: false, error: refused.message });
    else res.type("text/plain").send(refused.message);
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use(
      "/assets",
      express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }),
    );
    // The other public files (favicon, logo, manifest) all have an extension: pages never
    // pay for a file-system lookup.
    const publicFiles = express.static(`${buildDir}/client`, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // After the static files (they never count), before Remix: pages, data, API and resource routes.
  // The owner (a live session or the API token, checked by the app) is not counted.
  const verifyOwner: VerifyOwner = async (headers) => {
    const entry = await serverEntry(source);
    return entry.isOwnerRequest ? entry.isOwnerRequest(headers) : false;
  };
  app.use(rateLimit({ ...rateLimitOptionsOf(config), verifyOwner, limiter: shared.limiter }));

  const { cache } = shared;
  if (cache) {
    // A request that may write (through a form, the API, the dashboard) has the next hit read
    // the content version again: a change made here shows at once (server/content-clock.ts).
    // When its answer starts (the write is committed by then, and no byte of it has reached
    // the client), and again when it is out (a write made while streaming).
    app.use((req, res, next) => {
      if (SAFE_METHODS.has(req.method)) return next();
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        res.writeHead = writeHead;
        cache.clock.expire();
        return writeHead.apply(this, args);
      } as typeof writeHead;
      res.once("finish", cache.clock.expire);
      next();
    });
    app.use(pageCache(cache));
  }

  app.all(
    "*",
    createRequestHandler({
      build: vite
        ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
        : build,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  );
  // Errors Express itself meets (a malformed URL, a failing middleware) keep the headers set
  // above and never show a stack trace. Express knows an error handler by its four parameters.
  const answerError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const code = status >= 400 && status < 600 ? status : 500;
    if (code >= 500) console.error(err);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(code).type("text/plain");
    res.send(code < 500 ? "Bad request." : "Something went wrong. Try again.");
  };
  app.use(answerError);
  return app;
}
