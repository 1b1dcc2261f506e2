import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import { EDUCATION } from "~/entities/education";
import { truncateWords } from "~/components/admin/format";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { educationService } from "~/entities/education.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Education");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ education: await educationService.list() });
}

export default function EducationList() {
  const { education } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    EDUCATION,
    education,
    (record) => record.id,
    (record) => record.degree,
  );
  return (
    <AdminPage title="All Education" action={{ to: addUrlOf(EDUCATION), label: "Add Education" }}>
      <DataTable
        caption="Education"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(record) => record.id}
        empty="No education records found."
        columns={[
          { header: "SL", cell: (_, index) => index + 1, className: "md:w-12" },
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
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
