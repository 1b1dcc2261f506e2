import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import { CATEGORIES } from "~/entities/category";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton } from "~/components/admin/row-actions";
import { categoryService } from "~/entities/category.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Categories");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ categories: await categoryService.list() });
}

/** Newest first, numbered counting down from the total (spec). */
export default function CategoryList() {
  const { categories } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    CATEGORIES,
    categories,
    (category) => category.id,
    (category) => category.name,
  );
  return (
    <AdminPage title="All Category" action={{ to: addUrlOf(CATEGORIES), label: "Add Category" }}>
      <DataTable
        caption="Categories"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(category) => category.id}
        empty="No categories found. Try adding one!"
        columns={[
          {
            header: "SL",
            cell: (_, index) => categories.length - index,
            className: "md:w-16",
          },
          {
            header: "Category Name",
            cell: (category) => category.name,
            className: "font-medium break-all",
          },
          {
            header: "Actions",
            cell: (category) => (
              <DeleteButton entity={CATEGORIES} id={category.id} name={category.name} />
            ),
            className: "md:w-32",
          },
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
