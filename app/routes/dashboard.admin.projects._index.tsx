import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { useReorder } from "~/components/admin/reorder-controls";
import {
  PROJECT_ADD_URL,
  PROJECTS,
  projectEditUrl,
  projectViewUrl,
} from "~/components/admin/project-form";
import { DeleteButton, EditLink, RowActions, RowLink } from "~/components/admin/row-actions";
import { Image } from "~/components/image";
import { listProjects } from "~/models/project.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Projects");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const projects = await listProjects({ includeDrafts: true });
  return json({
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      subtitle: p.subtitle || p.shortDescription,
      thumbnail: p.thumbnail,
      draft: p.draft,
      featured: p.featured,
    })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["projects"][number];

export default function ProjectsList() {
  const { projects } = useLoaderData<typeof loader>();
  const reorder = useReorder(
    PROJECTS,
    projects,
    (p) => p.id,
    (p) => p.title,
  );
  return (
    <AdminPage title="All Projects" action={{ to: PROJECT_ADD_URL, label: "Add Project" }}>
      <DataTable<Row>
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(p) => p.id}
        caption="All projects"
        empty="No projects found."
        columns={[
          { header: "SL", cell: (_, index) => index + 1, className: "w-12" },
          {
            header: "Thumbnail",
            cell: (p) =>
              p.thumbnail ? (
                <Image
                  src={p.thumbnail}
                  alt={`${p.title} thumbnail`}
                  sizes="96px"
                  className="h-14 w-24 rounded-md object-cover"
                />
              ) : (
                <span className="grid h-14 w-24 place-items-center rounded-md bg-slate-100 text-xs text-slate-500">
                  No image
                </span>
              ),
          },
          {
            header: "Title",
            cell: (p) => (
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {p.title}
                {p.draft ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                    Draft
                  </span>
                ) : null}
                {p.featured ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                    Featured
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            header: "Sub-Description",
            cell: (p) => <span className="line-clamp-2 text-slate-600">{p.subtitle}</span>,
          },
          {
            header: "Actions",
            cell: (p) => (
              <RowActions>
                <RowLink to={projectViewUrl(p.id)} label="View" name={p.title} />
                <EditLink to={projectEditUrl(p.id)} name={p.title} />
                <DeleteButton entity={PROJECTS} id={p.id} name={p.title} />
              </RowActions>
            ),
          },
          reorder.column,
        ]}
      />
      {reorder.live}
    </AdminPage>
  );
}
