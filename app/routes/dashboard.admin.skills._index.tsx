import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import { SKILLS } from "~/entities/skill";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton } from "~/components/admin/row-actions";
import { skillService } from "~/entities/skill.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Skills");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ skills: await skillService.list() });
}

export default function SkillsList() {
  const { skills } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    SKILLS,
    skills,
    (skill) => skill.id,
    (skill) => skill.name,
  );
  return (
    <AdminPage title="All Skills" action={{ to: addUrlOf(SKILLS), label: "Add Skill" }}>
      <DataTable
        caption="Skills"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(skill) => skill.id}
        empty="No skills found. Try adding one! 🚀"
        columns={[
          { header: "SL", cell: (_, index) => index + 1, className: "md:w-16" },
          { header: "Skill Name", cell: (skill) => skill.name, className: "font-medium break-all" },
          {
            header: "Actions",
            cell: (skill) => <DeleteButton entity={SKILLS} id={skill.id} name={skill.name} />,
            className: "md:w-32",
          },
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
