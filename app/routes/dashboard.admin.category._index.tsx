import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import { CATEGORIES } from "~/entities/category";
import { addUrlOf } from "~/entities/entity";
import { DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { pageOfCategories } from "~/models/category.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Categories");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const query = parseListQuery(request);
  const list = await pageOfCategories(query.q, query.page);
  return json({ categories: list.items, ...listState(query, list) });
}

/** Newest first, numbered counting down from the total (spec). */
export default function CategoryList() {
  const { categories, query, total, page, pageCount, offset } = useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    CATEGORIES,
    categories,
    (category) => category.id,
    (category) => category.name,
    { offset, total, narrowed },
  );
  return (
    <AdminPage title="All Category" action={{ to: addUrlOf(CATEGORIES), label: "Add Category" }}>
      <ListControls
        path={CATEGORIES.listUrl}
        query={query}
        total={total}
        searchLabel="Search categories"
        placeholder="e.g. React"
      />
      <DataTable
        caption="Categories"
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(category) => category.id}
        empty={narrowed ? NO_MATCHES_TEXT : "No categories found. Try adding one!"}
        columns={[
          {
            header: "SL",
            cell: (_, index) => total - offset - index,
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
              <RowActions>
                <EditLink to={CATEGORIES.editUrl!(category.id)} name={category.name} />
                <DeleteButton entity={CATEGORIES} id={category.id} name={category.name} />
              </RowActions>
            ),
            className: "md:w-44",
          },
          ...reorder.columns,
        ]}
      />
      <ListPagination path={CATEGORIES.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
