import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import { EXPERIENCE } from "~/entities/experience";
import { truncateWords } from "~/components/admin/format";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton } from "~/components/admin/row-actions";
import { experienceService } from "~/entities/experience.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Experience");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ experience: await experienceService.list() });
}

/** The spec has no experience edit route: Delete only. */
export default function ExperienceList() {
  const { experience } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    EXPERIENCE,
    experience,
    (record) => record.id,
    (record) => record.title,
  );
  return (
    <AdminPage
      title="All Experience"
      action={{ to: addUrlOf(EXPERIENCE), label: "Add Experience" }}
    >
      <DataTable
        caption="Experience"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(record) => record.id}
        empty="No experience records found."
        columns={[
          { header: "SL", cell: (_, index) => index + 1, className: "md:w-12" },
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
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
