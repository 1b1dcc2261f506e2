import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import { EDUCATION } from "~/entities/education";
import { truncateWords } from "~/components/admin/format";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { pageOfEducation } from "~/models/education.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Education");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const query = parseListQuery(request);
  const list = await pageOfEducation(query.q, query.page);
  return json({ education: list.items, ...listState(query, list) });
}

export default function EducationList() {
  const { education, query, total, page, pageCount, offset } = useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    EDUCATION,
    education,
    (record) => record.id,
    (record) => record.degree,
    { offset, total, narrowed },
  );
  return (
    <AdminPage title="All Education" action={{ to: addUrlOf(EDUCATION), label: "Add Education" }}>
      <ListControls
        path={EDUCATION.listUrl}
        query={query}
        total={total}
        searchLabel="Search education"
        placeholder="Degree, institution, year…"
      />
      <DataTable
        caption="Education"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(record) => record.id}
        empty={narrowed ? NO_MATCHES_TEXT : "No education records found."}
        columns={[
          { header: "SL", cell: (_, index) => offset + index + 1, className: "md:w-12" },
          { header: "Degree", cell: (record) => record.degree, className: "font-medium" },
          { header: "Institution", cell: (record) => record.institution },
          { header: "Year", cell: (record) => record.year, className: "whitespace-nowrap" },
          {
            header: "Description",
            cell: (record) => (
              <span className="text-slate-600">{truncateWords(record.description)}</span>
            ),
          },
          {
            header: "Action",
            cell: (record) => (
              <RowActions>
                <EditLink to={EDUCATION.editUrl!(record.id)} name={record.degree} />
                <DeleteButton entity={EDUCATION} id={record.id} name={record.degree} />
              </RowActions>
            ),
            className: "md:w-44",
          },
          ...reorder.columns,
        ]}
      />
      <ListPagination path={EDUCATION.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
