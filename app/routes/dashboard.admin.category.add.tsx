import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { EntityForm } from "~/components/admin/entity-form";
import { CATEGORIES, CATEGORY_FIELDS, categorySchema } from "~/entities/category";
import { categoryService } from "~/entities/category.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Add Category");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: CATEGORIES,
    schema: categorySchema,
    create: categoryService.create,
    nameOf: (category) => category.name,
  });
}

export default function AddCategory() {
  return (
    <AdminPage title="Add Category" width="narrow">
      <EntityForm
        fields={CATEGORY_FIELDS}
        schema={categorySchema}
        submitLabel="Add Category"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
