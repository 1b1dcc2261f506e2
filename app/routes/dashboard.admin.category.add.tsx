import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { CATEGORIES } from "~/entities/category";
import { EntityForm, type FieldSpec } from "~/components/admin/entity-form";
import { categorySchema } from "~/entities/category";
import { createCategory } from "~/models/category.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Add Category | Admin" }];

const fields: FieldSpec[] = [
  {
    name: "name",
    label: "Category Name",
    required: true,
    maxLength: 60,
    placeholder: "e.g. React",
    hint: "Shown as a Core Skills chip and offered as a project's skill.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: CATEGORIES,
    schema: categorySchema,
    create: async (input) => {
      const created = await createCategory(input);
      return created.ok ? created.category : { fieldErrors: { name: created.error } };
    },
    nameOf: (category) => category.name,
  });
}

export default function AddCategory() {
  return (
    <AdminPage title="Add Category" width="narrow">
      <EntityForm
        fields={fields}
        schema={categorySchema}
        submitLabel="Add Category"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
