import type { SerializeFrom } from "@remix-run/node";
import type { ProjectPage } from "~/models/project.server";
import { Pagination } from "./pagination";
import { ProjectGrid, type CardLink } from "./project-card";

export type ProjectListVariant = {
  basePath: "/projects" | "/projects/react" | "/projects/laravel";
  title: string;
  intro: string;
  empty: string;
  linkFor: (project: { skill: string }) => CardLink;
};

/** The page number a list URL asks for (anything invalid becomes a number pageOfProjects clamps). */
export function requestedPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  const n = raw === null ? 1 : Number(raw);
  return Number.isFinite(n) ? n : 1;
}

/** /projects, /projects/react and /projects/laravel: title, cards, and pagination past 8. */
export function ProjectListPage({
  variant,
  data,
}: {
  variant: ProjectListVariant;
  data: SerializeFrom<ProjectPage>;
}) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <header className="mb-10 max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Portfolio</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {variant.title}
          </h1>
          <p className="mt-3 text-slate-600">{variant.intro}</p>
        </header>
        <ProjectGrid
          projects={data.projects}
          linkFor={variant.linkFor}
          empty={variant.empty}
          priorityFirst
          headingLevel={2}
        />
        {data.total > data.pageSize ? (
          <Pagination basePath={variant.basePath} page={data.page} totalPages={data.totalPages} />
        ) : null}
      </div>
    </div>
  );
}
