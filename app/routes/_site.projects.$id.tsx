import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { Image } from "~/components/image";
import { ProjectGallery } from "~/components/site/project-gallery";
import { altOf, focalStyle } from "~/entities/image-detail";
import { ErrorPanel } from "~/components/site/error-panel";
import { ProjectBlocks, ProjectFacts, STORY_BLOCKS } from "~/components/site/project-facts";
import { Markdown } from "~/components/markdown";
import { renderMarkdownFields } from "~/utils/markdown.server";
import { ThumbnailPlaceholder } from "~/components/site/project-card";
import {
  pageMeta,
  profileFromMatches,
  projectShareImage,
  siteName,
  useSiteData,
} from "~/components/site/site-data";
import { JsonLd } from "~/components/json-ld";
import { projectJsonLd } from "~/utils/structured-data";
import { parseId } from "~/entities/fields";
import { getProject } from "~/models/project.server";
import { getOwner } from "~/utils/auth.server";
import { siteTitle } from "~/utils/page-title";

export const PROJECT_NOT_FOUND = "Project not found.";

export const DRAFT_NOTICE = "Draft — only you can see this";

/**
 * One published project; unknown and non-numeric ids answer 404. A draft is shown to the
 * signed-in owner only (marked as a draft, never stored by a cache); visitors get the same 404
 * as for an unknown id.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const project = id === null ? null : await getProject(id, { includeDrafts: true });
  if (!project || (project.draft && !(await getOwner(request)))) {
    throw new Response(PROJECT_NOT_FOUND, { status: 404 });
  }
  // The long texts are Markdown, rendered here (docs/markdown.md).
  const html = renderMarkdownFields(project, [...STORY_BLOCKS, "longDescription"]);
  return json(
    { project, html },
    project.draft ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const name = siteName(profileFromMatches(matches));
  if (!data)
    return [
      { title: siteTitle(PROJECT_NOT_FOUND.replace(/\.$/, ""), name) },
      { name: "robots", content: "noindex" },
    ];
  const { project } = data;
  if (project.draft) {
    return [
      { title: siteTitle(`Draft: ${project.title}`, name) },
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta(
    siteTitle(project.title, name),
    project.shortDescription ||
      project.subtitle ||
      `${project.title}, a ${project.skill} project by ${name}.`,
    { matches, location, image: projectShareImage(matches, project), type: "article" },
  );
};

export default function ProjectDetail() {
  const { project, html } = useLoaderData<typeof loader>();
  const { profile, imageDetails } = useSiteData();
  const siteUrl = useRouteLoaderData<{ siteUrl: string }>("root")?.siteUrl ?? "";
  const live = project.skill === "React";
  const href = live ? project.liveView : project.sourceCode;
  return (
    <article className="bg-slate-50">
      {project.draft ? null : (
        <JsonLd data={projectJsonLd(siteUrl, project, profile?.name || undefined)} />
      )}
      {project.draft ? <DraftBanner projectId={project.id} /> : null}
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/projects" className="font-medium text-brand-700 hover:underline">
            Projects
          </Link>
          <span aria-hidden="true"> / </span>
          <span>{project.title}</span>
        </nav>
        <header className="mt-4">
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">
              {project.skill}
            </span>
            <span className="rounded-full bg-slate-200 px-2.5 py-1 text-slate-800">
              {project.level}
            </span>
          </div>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {project.title}
          </h1>
          {project.subtitle ? (
            <p className="mt-3 text-lg text-slate-600 sm:text-xl">{project.subtitle}</p>
          ) : null}
        </header>

        <div className="mt-8 aspect-[16/9] overflow-hidden rounded-2xl bg-slate-200 shadow-lg">
          {project.thumbnail ? (
            <Image
              src={project.thumbnail}
              alt={altOf(imageDetails, project.thumbnail, `${project.title} thumbnail`)}
              style={focalStyle(imageDetails?.[project.thumbnail])}
              sizes="(min-width: 1024px) 976px, 100vw"
              width={1280}
              height={720}
              priority
              className="h-full w-full object-cover"
            />
          ) : (
            <ThumbnailPlaceholder title={project.title} className="h-full w-full text-8xl" />
          )}
        </div>

        <ProjectFacts project={project} className="mt-8" />

        {project.shortDescription ? (
          <p className="mt-10 text-xl leading-relaxed text-slate-800">{project.shortDescription}</p>
        ) : null}

        <ProjectBlocks project={project} html={html} className="mt-10" />

        {project.longDescription ? (
          <section className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900">About the project</h2>
            <Markdown
              html={html.longDescription}
              className="mt-3 text-lg leading-relaxed text-slate-700"
            />
          </section>
        ) : null}

        {project.images.length > 0 ? (
          <section className="mt-12">
            <h2 className="text-2xl font-bold text-slate-900">Gallery</h2>
            <ProjectGallery title={project.title} images={project.images} details={imageDetails} />
          </section>
        ) : null}

        {href ? (
          <div className="mt-12 flex justify-center">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-7 py-3.5 text-lg font-semibold text-white shadow-md hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {live ? "View Live Project" : "View Source Code"}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The owner's preview of a draft: a band above the page saying so, with the way back. */
function DraftBanner({ projectId }: { projectId: number }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 text-amber-900">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <p className="font-semibold">{DRAFT_NOTICE}</p>
        <a
          href={`/dashboard/admin/portfolio-view/${projectId}`}
          className="text-sm font-medium underline hover:no-underline"
        >
          Back to the dashboard
        </a>
      </div>
    </div>
  );
}

/** Unknown ids: the spec's 'Project not found.' page, inside the layout, with status 404. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPanel
        status={404}
        title={PROJECT_NOT_FOUND}
        text="This project does not exist or is no longer published."
      />
    );
  }
  return (
    <ErrorPanel status={500} title="Something went wrong" text="Something went wrong. Try again." />
  );
}
