import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, redirectDocument } from "@remix-run/node";
import { ConfirmPage } from "~/components/dialog";
import { endSession, getOwner } from "~/utils/auth.server";
import { LOGOUT_CONFIRM, TOAST_MS } from "~/utils/copy";
import { combineHeaders, toastCookie } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Logout | Folio" }];

/** Without JavaScript, Logout leads here: the same confirmation as the dialog, as a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOwner(request))) throw redirect("/login");
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const headers = combineHeaders(
    { "Set-Cookie": await endSession(request) },
    {
      "Set-Cookie": await toastCookie({
        type: "success",
        title: "Logged out successfully",
        timeoutMs: TOAST_MS,
      }),
    },
  );
  // Home is a static page (no framework runtime): load it as a document, not in the router.
  return redirectDocument("/", { headers });
}

export default function LogoutPage() {
  return (
    <main className="min-h-screen bg-slate-100 px-4 py-16">
      <ConfirmPage {...LOGOUT_CONFIRM} cancelHref="/dashboard" action="/logout" />
    </main>
  );
}
