import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import { SERVICES } from "~/entities/service";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { ServiceIcon } from "~/components/service-icon";
import { serviceService } from "~/entities/service.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Services");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ services: await serviceService.list() });
}

export default function ServicesList() {
  const { services } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    SERVICES,
    services,
    (service) => service.id,
    (service) => service.title,
  );
  return (
    <AdminPage title="All Services" action={{ to: addUrlOf(SERVICES), label: "Add New" }}>
      <DataTable
        caption="Services"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(service) => service.id}
        empty="No feathers found. Try adding one!"
        columns={[
          { header: "#", cell: (_, index) => index + 1, className: "md:w-12" },
          {
            header: "Title",
            cell: (service) => (
              <span className="flex items-center gap-2 font-medium break-all">
                <ServiceIcon name={service.icon} className="h-5 w-5 shrink-0 text-brand-700" />
                {service.title}
              </span>
            ),
          },
          {
            header: "Sub-Title",
            cell: (service) => <span className="text-slate-600">{service.subtitle}</span>,
          },
          {
            header: "Action",
            cell: (service) => (
              <RowActions>
                <EditLink to={SERVICES.editUrl!(service.id)} name={service.title} />
                <DeleteButton entity={SERVICES} id={service.id} name={service.title} />
              </RowActions>
            ),
            className: "md:w-44",
          },
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
