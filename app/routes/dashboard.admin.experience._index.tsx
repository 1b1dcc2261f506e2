import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import { EXPERIENCE } from "~/entities/experience";
import { truncateWords } from "~/components/admin/format";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton } from "~/components/admin/row-actions";
import { pageOfExperience } from "~/models/experience.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Experience");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const query = parseListQuery(request);
  const list = await pageOfExperience(query.q, query.page);
  return json({ experience: list.items, ...listState(query, list) });
}

/** The spec has no experience edit route: Delete only. */
export default function ExperienceList() {
  const { experience, query, total, page, pageCount, offset } = useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    EXPERIENCE,
    experience,
    (record) => record.id,
    (record) => record.title,
    { offset, total, narrowed },
  );
  return (
    <AdminPage
      title="All Experience"
      action={{ to: addUrlOf(EXPERIENCE), label: "Add Experience" }}
    >
      <ListControls
        path={EXPERIENCE.listUrl}
        query={query}
        total={total}
        searchLabel="Search experience"
        placeholder="Title, institution, year…"
      />
      <DataTable
        caption="Experience"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(record) => record.id}
        empty={narrowed ? NO_MATCHES_TEXT : "No experience records found."}
        columns={[
          { header: "SL", cell: (_, index) => offset + index + 1, className: "md:w-12" },
          { header: "Title", cell: (record) => record.title, className: "font-medium" },
          { header: "Institution Name", cell: (record) => record.institution },
          { header: "Duration", cell: (record) => record.year, className: "whitespace-nowrap" },
          {
            header: "Description",
            cell: (record) => (
              <span className="text-slate-600">{truncateWords(record.description)}</span>
            ),
          },
          {
            header: "Action",
            cell: (record) => (
              <DeleteButton entity={EXPERIENCE} id={record.id} name={record.title} />
            ),
            className: "md:w-32",
          },
          ...reorder.columns,
        ]}
      />
      <ListPagination path={EXPERIENCE.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
