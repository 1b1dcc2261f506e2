import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { SKILLS } from "~/entities/skill";
import { EntityForm, type FieldSpec } from "~/components/admin/entity-form";
import { skillSchema } from "~/entities/skill";
import { createSkill } from "~/models/skill.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Add Skill | Admin" }];

const fields: FieldSpec[] = [
  { name: "name", label: "Skill Name", required: true, maxLength: 60, placeholder: "e.g. React" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: SKILLS,
    schema: skillSchema,
    create: createSkill,
    nameOf: (skill) => skill.name,
  });
}

export default function AddSkill() {
  return (
    <AdminPage title="Add Skill" width="narrow">
      <EntityForm
        fields={fields}
        schema={skillSchema}
        submitLabel="Add Skill"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
