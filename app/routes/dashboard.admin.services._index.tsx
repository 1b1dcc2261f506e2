import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import { SERVICES } from "~/entities/service";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { ServiceIcon } from "~/components/service-icon";
import { pageOfServices } from "~/models/service.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Services");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const query = parseListQuery(request);
  const list = await pageOfServices(query.q, query.page);
  return json({ services: list.items, ...listState(query, list) });
}

export default function ServicesList() {
  const { services, query, total, page, pageCount, offset } = useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    SERVICES,
    services,
    (service) => service.id,
    (service) => service.title,
    { offset, total, narrowed },
  );
  return (
    <AdminPage title="All Services" action={{ to: addUrlOf(SERVICES), label: "Add New" }}>
      <ListControls
        path={SERVICES.listUrl}
        query={query}
        total={total}
        searchLabel="Search services"
        placeholder="Title or sub-title"
      />
      <DataTable
        caption="Services"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(service) => service.id}
        empty={narrowed ? NO_MATCHES_TEXT : "No feathers found. Try adding one!"}
        columns={[
          { header: "#", cell: (_, index) => offset + index + 1, className: "md:w-12" },
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
          ...reorder.columns,
        ]}
      />
      <ListPagination path={SERVICES.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
