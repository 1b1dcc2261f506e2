import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { MessageDialog } from "./components/dialog";
import { FlashMessage } from "./components/flash-message";
import { ProgressBar } from "./components/progress-bar";
import enhanceScript from "./enhance/enhance.ts?worker&url";
import { SPECULATION_RULES } from "./enhance/speculation-rules";
import styles from "./styles/app.css?url";
import { useNonce } from "./utils/nonce";
import { isStaticPage } from "./utils/static-page";
import { useTheme } from "./components/theme-toggle";
import { getTheme } from "./utils/theme.server";
import { siteUrl } from "./utils/site-url.server";
import { getToast } from "./utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", href: "/feed.xml", title: "Projects (RSS)" },
  {
    rel: "alternate",
    type: "application/feed+json",
    href: "/feed.json",
    title: "Projects (JSON Feed)",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, theme] = await Promise.all([getToast(request), getTheme(request)]);
  return json({ toast, theme, siteUrl: siteUrl(request) }, { headers: headers ?? undefined });
}

/** Whether this page runs without the framework's client runtime (the public site). */
function useStaticPage() {
  return isStaticPage(useMatches().map((match) => match.handle));
}

/**
 * The public pages' scripts: the enhancement script (app/enhance/enhance.ts) and their
 * Speculation Rules, both allowed by the pages' fixed policy (publicPagesPolicy), no nonce.
 */
function StaticPageScripts() {
  return (
    <>
      <script type="module" src={enhanceScript} />
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
    </>
  );
}

/**
 * A static page reached inside the running app (a redirect or link the router followed from the
 * dashboard) is loaded again as a document, so it runs as every visitor sees it. Effects never
 * run on a static page loaded as a document (it is not hydrated).
 */
function useLeaveRuntime(staticPage: boolean) {
  useEffect(() => {
    if (staticPage) window.location.reload();
  }, [staticPage]);
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const theme = useTheme();
  const staticPage = useStaticPage();
  useLeaveRuntime(staticPage);
  return (
    <html lang="en" className={`h-full${theme === "system" ? "" : ` ${theme}`}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-white text-slate-900 antialiased">
        {staticPage ? null : <ProgressBar />}
        {children}
        {staticPage ? (
          <StaticPageScripts />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // An inline flash is shown by its page (the contact form's result), not as a toast.
  const toast = data.toast?.inline ? null : data.toast;
  return (
    <Document>
      <Outlet />
      {toast?.dialog ? (
        <MessageDialog
          key={toast.id ?? JSON.stringify(toast)}
          kind={toast.type}
          title={toast.title}
          text={toast.text}
        />
      ) : toast ? (
        <FlashMessage key={toast.id ?? JSON.stringify(toast)} toast={toast} />
      ) : null}
    </Document>
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "The page you are looking for does not exist."
      : isRouteErrorResponse(error)
        ? String(error.data?.message ?? error.data ?? error.statusText)
        : "Something went wrong. Try again.";
  return (
    <Document>
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <p className="text-6xl font-bold text-brand-600">{status}</p>
        <h1 className="text-2xl font-semibold">
          {status === 404 ? "Page not found" : "Something went wrong"}
        </h1>
        <p className="text-slate-600">{message}</p>
        <a
          href="/"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Back to home
        </a>
      </main>
    </Document>
  );
}
