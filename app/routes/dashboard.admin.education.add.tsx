import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { EDUCATION } from "~/entities/education";
import { EntityForm } from "~/components/admin/entity-form";
import { EDUCATION_ADD_FIELDS } from "~/entities/education";
import { educationCreateSchema } from "~/entities/education";
import { educationService } from "~/entities/education.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { markdownFieldsOf } from "~/entities/form-fields";

export const meta: MetaFunction = () => dashboardMeta("Add Education");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: EDUCATION,
    schema: educationCreateSchema,
    create: educationService.create,
    nameOf: (record) => record.degree,
    markdown: markdownFieldsOf(EDUCATION_ADD_FIELDS),
  });
}

export default function AddEducation() {
  return (
    <AdminPage title="Add Education" width="narrow">
      <EntityForm
        fields={EDUCATION_ADD_FIELDS}
        schema={educationCreateSchema}
        submitLabel="Add Education"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
