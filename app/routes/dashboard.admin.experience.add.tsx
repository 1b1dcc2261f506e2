import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { EXPERIENCE } from "~/entities/experience";
import { EntityForm } from "~/components/admin/entity-form";
import { EXPERIENCE_FIELDS } from "~/entities/experience";
import { experienceSchema } from "~/entities/experience";
import { experienceService } from "~/entities/experience.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { markdownFieldsOf } from "~/entities/form-fields";

export const meta: MetaFunction = () => dashboardMeta("Add Experience");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: EXPERIENCE,
    schema: experienceSchema,
    create: experienceService.create,
    nameOf: (record) => record.title,
    markdown: markdownFieldsOf(EXPERIENCE_FIELDS),
  });
}

export default function AddExperience() {
  return (
    <AdminPage title="Add Experience" width="narrow">
      <EntityForm
        fields={EXPERIENCE_FIELDS}
        schema={experienceSchema}
        submitLabel="Add Experience"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
