import { Link } from "@remix-run/react";
import type { ProjectCard } from "~/models/project.server";
import { ProjectGrid, type CardLink } from "./project-card";
import { SectionHeading } from "./section-heading";

/** A home row of project cards (React or Laravel) with its View More link. */
export function ProjectsSection({
  id,
  title,
  intro,
  moreHref,
  projects,
  link,
  empty,
  tinted = false,
}: {
  id: string;
  title: string;
  intro: string;
  moreHref: string;
  projects: ProjectCard[];
  link: CardLink;
  empty: string;
  tinted?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={tinted ? "bg-slate-50" : "bg-white"}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id={`${id}-title`}
          eyebrow="Portfolio"
          title={title}
          intro={intro}
          action={
            <Link
              to={moreHref}
              data-prerender=""
              className="inline-flex items-center gap-1.5 rounded-lg px-1 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              View More
              <span className="sr-only"> {title}</span>
              <span aria-hidden="true">→</span>
            </Link>
          }
        />
        <ProjectGrid projects={projects} linkFor={() => link} empty={empty} />
      </div>
    </section>
  );
}
