import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { publicPagesPolicy } from "../server/security-headers";
import { NonceProvider } from "./utils/nonce";
import { isStaticPage } from "./utils/static-page";
import { startup, shutdown } from "./utils/lifecycle.server";
import "./utils/jobs.server";

export { startup, shutdown };
export { contentVersion } from "./models/content-version.server";
export { isOwnerRequest } from "./utils/owner-credentials.server";
export { recordPageView } from "./utils/page-views.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A public page has no framework runtime and no nonce (so its bytes are the same for every
  // visitor): its scripts are allowed by the pages' fixed policy, which replaces the server's.
  const staticPage = isStaticPage(
    remixContext.staticHandlerContext.matches.map(
      (match) => remixContext.routeModules[match.route.id]?.handle,
    ),
  );
  if (staticPage) {
    responseHeaders.set("Content-Security-Policy", publicPagesPolicy({ dev: import.meta.env.DEV }));
  }
  const nonce = !staticPage && typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce || undefined}
        />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A body refused for its size (body.server.ts) was not read to the end: close the
          // connection after this page so the client stops sending the rest.
          if (responseStatusCode === 413) responseHeaders.set("Connection", "close");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
