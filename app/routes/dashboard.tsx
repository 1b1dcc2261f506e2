import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AdminLayout, SIDEBAR } from "~/components/admin-layout";
import { countUnreadMessages } from "~/models/message.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = ({ error }) =>
  dashboardMeta(
    error
      ? isRouteErrorResponse(error) && error.status === 404
        ? "Not found"
        : "Something went wrong"
      : undefined,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  return json({ ownerEmail: owner.email, unreadMessages: await countUnreadMessages() });
}

/** Keeps the sidebar's unread count fresh while the owner reads messages. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  defaultShouldRevalidate ||
  [currentUrl, nextUrl].some((u) => u.pathname.startsWith("/dashboard/admin/messages"));

export default function DashboardLayout() {
  const { ownerEmail, unreadMessages } = useLoaderData<typeof loader>();
  const groups = SIDEBAR.map((g) =>
    g.to === "/dashboard/admin/messages" ? { ...g, badge: unreadMessages } : g,
  );
  return (
    <AdminLayout ownerEmail={ownerEmail} groups={groups}>
      <Outlet />
    </AdminLayout>
  );
}

/** Errors below the dashboard keep the admin chrome (sidebar, header, Logout). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/dashboard");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data !== "Not Found"
      ? error.data
      : notFound
        ? "This page or record does not exist."
        : error.statusText
    : "Something went wrong. Try again.";
  const body = (
    <section
      className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      role="alert"
    >
      <p className="text-5xl font-bold text-brand-600">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h2 className="mt-2 text-xl font-semibold">
        {notFound ? "Not found" : "Something went wrong"}
      </h2>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link
        to="/dashboard"
        className="mt-4 inline-block font-medium text-brand-700 hover:underline"
      >
        Back to the dashboard
      </Link>
    </section>
  );
  return data ? (
    <AdminLayout ownerEmail={data.ownerEmail}>{body}</AdminLayout>
  ) : (
    <main className="p-8">{body}</main>
  );
}
