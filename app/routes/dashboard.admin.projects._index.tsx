import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { ListControls, ListPagination } from "~/components/admin/list-controls";
import { useReorder } from "~/components/admin/reorder-controls";
import {
  PROJECT_ADD_URL,
  PROJECTS,
  projectEditUrl,
  projectViewUrl,
} from "~/components/admin/project-form";
import { DeleteButton, EditLink, RowActions, RowLink } from "~/components/admin/row-actions";
import { Image } from "~/components/image";
import { LEVELS } from "~/entities/project";
import { listCategories } from "~/models/category.server";
import { pageOfAdminProjects, projectSkills } from "~/models/project.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";

export const meta: MetaFunction = () => dashboardMeta("Projects");

/** The list's filters and the values each allows (any other value means "any"). */
const STATUSES = ["draft", "published"] as const;
const FEATURED = ["featured", "not-featured"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const [categories, used] = await Promise.all([listCategories(), projectSkills()]);
  const skills = [...new Set([...categories.map((c) => c.name), ...used])].sort((a, b) =>
    a.localeCompare(b),
  );
  const query = parseListQuery(request, {
    skill: skills,
    level: LEVELS,
    status: STATUSES,
    featured: FEATURED,
  });
  const list = await pageOfAdminProjects(query.q, query.page, query.filters);
  return json({
    skills,
    projects: list.items.map((p) => ({
      id: p.id,
      title: p.title,
      subtitle: p.subtitle || p.shortDescription,
      thumbnail: p.thumbnail,
      draft: p.draft,
      featured: p.featured,
    })),
    ...listState(query, list),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["projects"][number];

export default function ProjectsList() {
  const { projects, skills, query, total, page, pageCount, offset } =
    useLoaderData<typeof loader>();
  const narrowed = isFiltered(query);
  const reorder = useReorder(
    PROJECTS,
    projects,
    (p) => p.id,
    (p) => p.title,
    { offset, total, narrowed },
  );
  const any = (label: string) => ({ value: "", label });
  return (
    <AdminPage title="All Projects" action={{ to: PROJECT_ADD_URL, label: "Add Project" }}>
      <ListControls
        path={PROJECTS.listUrl}
        query={query}
        total={total}
        searchLabel="Search projects"
        placeholder="Title, client, description…"
        filters={[
          {
            name: "skill",
            label: "Skill",
            options: [any("Any skill"), ...skills.map((skill) => ({ value: skill, label: skill }))],
          },
          {
            name: "level",
            label: "Level",
            options: [any("Any level"), ...LEVELS.map((level) => ({ value: level, label: level }))],
          },
          {
            name: "status",
            label: "Status",
            options: [
              any("Drafts and published"),
              { value: "draft", label: "Drafts" },
              { value: "published", label: "Published" },
            ],
          },
          {
            name: "featured",
            label: "Featured",
            options: [
              any("Featured or not"),
              { value: "featured", label: "Featured" },
              { value: "not-featured", label: "Not featured" },
            ],
          },
        ]}
      />
      <DataTable<Row>
        rows={reorder.rows}
        rowProps={reorder.rowProps}
        rowKey={(p) => p.id}
        caption="All projects"
        empty={narrowed ? NO_MATCHES_TEXT : "No projects found."}
        columns={[
          { header: "SL", cell: (_, index) => offset + index + 1, className: "w-12" },
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
          ...reorder.columns,
        ]}
      />
      <ListPagination path={PROJECTS.listUrl} query={query} page={page} pageCount={pageCount} />
      {reorder.live}
    </AdminPage>
  );
}
