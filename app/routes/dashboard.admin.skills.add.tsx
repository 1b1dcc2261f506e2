import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { EntityForm } from "~/components/admin/entity-form";
import { SKILL_FIELDS, SKILLS, skillSchema } from "~/entities/skill";
import { skillService } from "~/entities/skill.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Add Skill");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: SKILLS,
    schema: skillSchema,
    create: skillService.create,
    nameOf: (skill) => skill.name,
  });
}

export default function AddSkill() {
  return (
    <AdminPage title="Add Skill" width="narrow">
      <EntityForm
        fields={SKILL_FIELDS}
        schema={skillSchema}
        submitLabel="Add Skill"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
