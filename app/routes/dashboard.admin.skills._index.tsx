import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import { SKILLS } from "~/entities/skill";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { pageOfSkills } from "~/models/skill.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Skills");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const query = parseListQuery(request);
  const list = await pageOfSkills(query.q, query.page);
  return json({ skills: list.items, ...listState(query, list) });
}

export default function SkillsList() {
  const { skills, query, total, page, pageCount, offset } = useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    SKILLS,
    skills,
    (skill) => skill.id,
    (skill) => skill.name,
    { offset, total, narrowed },
  );
  return (
    <AdminPage title="All Skills" action={{ to: addUrlOf(SKILLS), label: "Add Skill" }}>
      <ListControls
        path={SKILLS.listUrl}
        query={query}
        total={total}
        searchLabel="Search skills"
        placeholder="e.g. React"
      />
      <DataTable
        caption="Skills"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(skill) => skill.id}
        empty={narrowed ? NO_MATCHES_TEXT : "No skills found. Try adding one! 🚀"}
        columns={[
          { header: "SL", cell: (_, index) => offset + index + 1, className: "md:w-16" },
          { header: "Skill Name", cell: (skill) => skill.name, className: "font-medium break-all" },
          {
            header: "Actions",
            cell: (skill) => (
              <RowActions>
                <EditLink to={SKILLS.editUrl!(skill.id)} name={skill.name} />
                <DeleteButton entity={SKILLS} id={skill.id} name={skill.name} />
              </RowActions>
            ),
            className: "md:w-44",
          },
          ...reorder.columns,
        ]}
      />
      <ListPagination path={SKILLS.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
