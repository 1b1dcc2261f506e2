import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import path from "node:path";
import { apiCors } from "./cors.js";
import { pageCache, publicOriginOf } from "./page-cache.js";
import { privateNoStore } from "./private-cache.js";
import {
  checkCrossSite,
  crossSiteInputOf,
  parseAllowedOrigins,
  stripForwardedHeaders,
  TRUSTED_FORWARDED_HEADERS,
  forwardedHostAsHost,
} from "./guards.js";
import { rateLimit, rateLimitOptionsFromEnv } from "./rate-limit.js";
import { securityHeaders } from "./security-headers.js";
import { closeWhenBodyUnread } from "./unread-body.js";

/**
 * Builds the Express app around a Remix build.
 * @param {{ build?: any, vite?: any, production: boolean, buildDir?: string, log?: boolean }} options
 */
export function createApp({ build, vite, production, buildDir = "build", log = true }) {
  const app = express();
  app.disable("x-powered-by");
  const trustProxy = /^(1|true)$/i.test(process.env.TRUST_PROXY?.trim() ?? "");
  if (trustProxy) app.set("trust proxy", true);
  // Proxy headers: only X-Forwarded-For/-Proto/-Host, and only from a trusted proxy. Without
  // TRUST_PROXY all of them are dropped before anything (Express, Remix's request URL, the
  // page cache, the rate limits) can read one.
  app.use(stripForwardedHeaders({ keep: trustProxy ? TRUSTED_FORWARDED_HEADERS : [] }));
  if (trustProxy) app.use(forwardedHostAsHost());
  const allowedOrigins = parseAllowedOrigins(process.env.ALLOWED_ORIGINS);

  app.use(closeWhenBodyUnread); // a body left unread must not stall the connection
  app.use(compression());
  if (log) app.use(morgan(production ? "combined" : "dev"));
  app.use(securityHeaders({ production, dev: Boolean(vite) }));
  app.use(privateNoStore());

  // The client address the app sees (never taken from the request's own headers).
  app.use((req, _res, next) => {
    req.headers["x-folio-client-ip"] = req.socket.remoteAddress ?? "unknown";
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
  const verifyOwner = async (headers) => {
    const entry = vite
      ? (await vite.ssrLoadModule("virtual:remix/server-build")).entry.module
      : build?.entry?.module;
    return entry?.isOwnerRequest ? entry.isOwnerRequest(headers) : false;
  };
  app.use(rateLimit({ ...rateLimitOptionsFromEnv(), trustProxy, verifyOwner }));

  // Rendered public pages are reused for anonymous visitors until the database changes (not in
  // development, where the code changes under it).
  const contentVersion = build?.entry?.module?.contentVersion;
  if (!vite && contentVersion && process.env.FOLIO_PAGE_CACHE !== "0") {
    app.use(
      pageCache({
        contentVersion,
        trustProxy,
        publicOrigin: publicOriginOf(process.env.PUBLIC_URL),
      }),
    );
  }

  app.all(
    "*",
    createRequestHandler({
      build: vite ? () => vite.ssrLoadModule("virtual:remix/server-build") : build,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  );
  // Errors Express itself meets (a malformed URL, a failing middleware) keep the headers set
  // above and never show a stack trace. Express knows an error handler by its four parameters.
  app.use((err, _req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const code = status >= 400 && status < 600 ? status : 500;
    if (code >= 500) console.error(err);
    if (res.headersSent) return res.end();
    res.status(code).type("text/plain");
    res.send(code < 500 ? "Bad request." : "Something went wrong. Try again.");
  });
  return app;
}
