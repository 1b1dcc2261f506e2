import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwner } from "~/utils/auth.server";

/** Unknown URLs under /dashboard: anonymous visitors go to /login first; the owner gets a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  throw new Response("Not Found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}
