import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { EntityForm } from "~/components/admin/entity-form";
import { CATEGORIES, CATEGORY_FIELDS, categorySchema } from "~/entities/category";
import { categoryService } from "~/entities/category.server";
import { handleUpdate, requireRecord } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Edit Category");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ category: await requireRecord(CATEGORIES, params.id, categoryService.get) });
}

/**
 * Renames a category: a name another category has is refused beside the field (any letter case),
 * and the projects whose skill it was follow the new name (the service does it).
 */
export async function action(args: ActionFunctionArgs) {
  return handleUpdate(args, {
    entity: CATEGORIES,
    schema: categorySchema,
    update: categoryService.update,
    nameOf: (category) => category.name,
  });
}

export default function EditCategory() {
  const { category } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Edit Category" width="narrow">
      <EntityForm
        key={category.id}
        fields={CATEGORY_FIELDS}
        schema={categorySchema}
        defaults={category}
        submitLabel="Update Category"
        pendingLabel="Updating..."
        cancelHref={CATEGORIES.listUrl}
      />
    </AdminPage>
  );
}
