import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { EDUCATION } from "~/entities/education";
import { EntityForm } from "~/components/admin/entity-form";
import { EDUCATION_EDIT_FIELDS } from "~/entities/education";
import { educationUpdateSchema } from "~/entities/education";
import { educationService } from "~/entities/education.server";
import { handleUpdate, requireRecord } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { markdownFieldsOf } from "~/entities/form-fields";

export const meta: MetaFunction = () => dashboardMeta("Edit Education");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ education: await requireRecord(EDUCATION, params.id, educationService.get) });
}

export async function action(args: ActionFunctionArgs) {
  return handleUpdate(args, {
    entity: EDUCATION,
    schema: educationUpdateSchema,
    update: educationService.update,
    nameOf: (record) => record.degree,
    markdown: markdownFieldsOf(EDUCATION_EDIT_FIELDS),
  });
}

export default function EditEducation() {
  const { education } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Edit Education" width="narrow">
      <EntityForm
        key={education.id}
        fields={EDUCATION_EDIT_FIELDS}
        schema={educationUpdateSchema}
        defaults={education}
        submitLabel="Update Education"
        pendingLabel="Updating..."
        cancelHref={EDUCATION.listUrl}
      />
    </AdminPage>
  );
}
