import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminLayout } from "~/components/admin-layout";
import { requireOwner } from "~/utils/auth.server";

export const meta: MetaFunction = () => [
  { title: "Admin Dashboard | Folio" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  return json({ ownerEmail: owner.email });
}

export default function DashboardLayout() {
  const { ownerEmail } = useLoaderData<typeof loader>();
  return (
    <AdminLayout ownerEmail={ownerEmail}>
      <Outlet />
    </AdminLayout>
  );
}
