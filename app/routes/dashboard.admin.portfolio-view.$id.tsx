import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { PROJECTS, projectEditUrl } from "~/components/admin/project-form";
import { buttonClass } from "~/components/dialog";
import { Image } from "~/components/image";
import { ProjectGallery } from "~/components/site/project-gallery";
import { altOf } from "~/entities/image-detail";
import { getImageDetails } from "~/models/image-detail.server";
import { ProjectBlocks, ProjectFacts, STORY_BLOCKS } from "~/components/site/project-facts";
import { Markdown } from "~/components/markdown";
import { renderMarkdownFields } from "~/utils/markdown.server";
import { parseId } from "~/entities/fields";
import { getProject } from "~/models/project.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  dashboardMeta(data?.project.title || "Project", "Projects");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const id = parseId(params.id);
  const project = id === null ? null : await getProject(id, { includeDrafts: true });
  if (!project) throw new Response("This project does not exist.", { status: 404 });
  return json({
    project,
    details: await getImageDetails([project.thumbnail, ...project.images]),
    // The long texts are Markdown (docs/markdown.md); headings under this page's h3 blocks.
    html: renderMarkdownFields(project, [...STORY_BLOCKS, "longDescription"], 4),
  });
}

function Block({ title, text, html }: { title: string; text: string; html?: string }) {
  if (!text) return null;
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {html !== undefined ? (
        <Markdown html={html} className="mt-2 text-slate-700" />
      ) : (
        <p className="mt-2 whitespace-pre-line text-slate-700">{text}</p>
      )}
    </section>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export default function ViewProject() {
  const { project, details, html } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={project.title} description={project.subtitle}>
      <article className="flex flex-col gap-6">
        {project.draft || project.featured ? (
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            {project.draft ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-800">Draft</span>
            ) : null}
            {project.featured ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700">Featured</span>
            ) : null}
          </div>
        ) : null}
        {project.thumbnail ? (
          // The whole image, as uploaded (no crop), on a frame that shows its edges.
          <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
            <Image
              src={project.thumbnail}
              alt={altOf(details, project.thumbnail, `${project.title} thumbnail`)}
              sizes="(min-width: 1280px) 1100px, 100vw"
              priority
              className="mx-auto block h-auto max-h-[32rem] w-auto max-w-full"
              data-testid="project-thumbnail"
            />
          </figure>
        ) : null}
        <ProjectFacts project={project} withCategory />
        {project.liveView || project.sourceCode ? (
          <div className="flex flex-wrap gap-3">
            {project.liveView ? (
              <ExternalLink href={project.liveView}>Live View</ExternalLink>
            ) : null}
            {project.sourceCode ? (
              <ExternalLink href={project.sourceCode}>Source Code</ExternalLink>
            ) : null}
          </div>
        ) : null}
        <Block title="Short Description" text={project.shortDescription} />
        <ProjectBlocks project={project} html={html} heading="h3" />
        <Block
          title="Long Description"
          text={project.longDescription}
          html={html.longDescription}
        />
        {project.images.length ? (
          <section>
            <h3 className="font-semibold text-slate-900">Gallery</h3>
            <ProjectGallery title={project.title} images={project.images} details={details} />
          </section>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Link to={projectEditUrl(project.id)} className={buttonClass.primary}>
            Edit Project
          </Link>
          <Link to={PROJECTS.listUrl} className={buttonClass.secondary}>
            Back to All Projects
          </Link>
          <a href={`/projects/${project.id}`} className={buttonClass.secondary}>
            {project.draft ? "Preview the draft" : "See it on the site"}
          </a>
        </div>
      </article>
    </AdminPage>
  );
}
