import { Link } from "@remix-run/react";
import { Image } from "~/components/image";
import type { ProjectCard as ProjectCardData } from "~/models/project.server";
import { altOf, focalStyle } from "~/entities/image-detail";
import { useSiteData } from "./site-data";

/** Which external link a card shows next to View. */
export type CardLink = "live" | "source";

/** The card sizes for a 1 / 2 / 4 column grid. */
export const CARD_IMAGE_SIZES =
  "(min-width: 1152px) 270px, (min-width: 1024px) 23vw, (min-width: 640px) 50vw, 100vw";

export const cardGridClass = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4";

const actionClass =
  "inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The gradient block shown in place of a missing thumbnail. */
export function ThumbnailPlaceholder({
  title,
  className = "text-4xl",
}: {
  title: string;
  className?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={`grid place-items-center bg-gradient-to-br from-brand-600 via-indigo-600 to-sky-600 ${className}`}
    >
      <span className="font-extrabold text-white/90">
        {title.trim().charAt(0).toUpperCase() || "P"}
      </span>
    </div>
  );
}

/**
 * A project card: thumbnail, skill and level, title, subtitle, the external link (Live View or
 * Source, when the project has it) and View (/projects/{id}).
 */
export function ProjectCard({
  project,
  link,
  priority = false,
  headingLevel = 3,
}: {
  project: ProjectCardData;
  link: CardLink;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const href = link === "live" ? project.liveView : project.sourceCode;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { imageDetails } = useSiteData();
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        {project.thumbnail ? (
          <Image
            src={project.thumbnail}
            alt={altOf(imageDetails, project.thumbnail, `${project.title} thumbnail`)}
            style={focalStyle(imageDetails?.[project.thumbnail])}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            width={640}
            height={400}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <ThumbnailPlaceholder title={project.title} className="h-full w-full text-4xl" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">
            {project.skill}
          </span>
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
            {project.level}
          </span>
        </div>
        <Heading className="mt-3 text-lg leading-snug font-bold text-slate-900">
          {project.title}
        </Heading>
        {project.subtitle ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.subtitle}</p>
        ) : null}
        <div className="mt-auto flex gap-2 pt-5">
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${actionClass} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              {link === "live" ? "Live View" : "Source"}
              <span className="sr-only">{` of ${project.title} (opens in a new tab)`}</span>
            </a>
          ) : null}
          <Link
            to={`/projects/${project.id}`}
            data-prerender=""
            className={`${actionClass} bg-brand-600 text-white hover:bg-brand-700`}
          >
            View
            <span className="sr-only">{` ${project.title}`}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A grid of cards, or the empty text. */
export function ProjectGrid({
  projects,
  linkFor,
  empty,
  priorityFirst = false,
  headingLevel = 3,
}: {
  projects: ProjectCardData[];
  linkFor: (project: ProjectCardData) => CardLink;
  empty: string;
  priorityFirst?: boolean;
  headingLevel?: 2 | 3;
}) {
  if (projects.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
        {empty}
      </p>
    );
  }
  return (
    <ul className={cardGridClass}>
      {projects.map((p, i) => (
        <li key={p.id} className="flex">
          <ProjectCard
            project={p}
            link={linkFor(p)}
            priority={priorityFirst && i === 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
