import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { EntityForm } from "~/components/admin/entity-form";
import { SKILL_FIELDS, SKILLS, skillSchema } from "~/entities/skill";
import { skillService } from "~/entities/skill.server";
import { handleUpdate, requireRecord } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Edit Skill");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ skill: await requireRecord(SKILLS, params.id, skillService.get) });
}

/** Renames a skill: a name another skill has is refused beside the field (any letter case). */
export async function action(args: ActionFunctionArgs) {
  return handleUpdate(args, {
    entity: SKILLS,
    schema: skillSchema,
    update: skillService.update,
    nameOf: (skill) => skill.name,
  });
}

export default function EditSkill() {
  const { skill } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Edit Skill" width="narrow">
      <EntityForm
        key={skill.id}
        fields={SKILL_FIELDS}
        schema={skillSchema}
        defaults={skill}
        submitLabel="Update Skill"
        pendingLabel="Updating..."
        cancelHref={SKILLS.listUrl}
      />
    </AdminPage>
  );
}
