import type { ReactNode } from "react";
import type { Education } from "~/models/education.server";
import type { Experience } from "~/models/experience.server";
import { SectionHeading } from "./section-heading";
import { Markdown } from "~/components/markdown";

/** A record with its description rendered from Markdown by the loader (docs/markdown.md). */
type WithHtml<T> = T & { descriptionHtml?: string };

function Column({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h3>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-slate-600">{text}</p>;
}

function Timeline({
  items,
}: {
  items: Array<{
    id: number;
    title: string;
    place: string;
    year: string;
    description: string;
    descriptionHtml?: string;
  }>;
}) {
  return (
    <ol className="space-y-6 border-l-2 border-brand-100 pl-5">
      {items.map((item) => (
        <li key={item.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.6rem] h-3 w-3 rounded-full border-2 border-white bg-brand-600"
          />
          <p className="text-sm font-semibold text-brand-700">{item.year}</p>
          <h4 className="mt-1 font-bold text-slate-900">{item.title}</h4>
          <p className="text-sm font-medium text-slate-700">{item.place}</p>
          {item.description && item.descriptionHtml !== undefined ? (
            <Markdown
              html={item.descriptionHtml}
              className="mt-2 text-sm leading-relaxed text-slate-600"
            />
          ) : item.description ? (
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.description}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Resume: Education, Professional Skills (category names) and Experience columns. */
export function ResumeSection({
  education,
  categories,
  experience,
}: {
  education: Array<WithHtml<Education>>;
  categories: string[];
  experience: Array<WithHtml<Experience>>;
}) {
  return (
    <section id="resume" aria-labelledby="resume-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="resume-title"
          eyebrow="Resume"
          title="Education, Skills & Experience"
          intro="Where I learned, what I work with, and where I have worked."
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <Column id="resume-education" title="Education">
            {education.length === 0 ? (
              <Empty text="No education records found." />
            ) : (
              <Timeline
                items={education.map((e) => ({
                  id: e.id,
                  title: e.degree,
                  place: e.institution,
                  year: e.year,
                  description: e.description,
                  descriptionHtml: e.descriptionHtml,
                }))}
              />
            )}
          </Column>
          <Column id="resume-skills" title="Professional Skills">
            {categories.length === 0 ? (
              <Empty text="No skills found." />
            ) : (
              <ul className="flex flex-wrap gap-2">
                {categories.map((c) => (
                  <li
                    key={c}
                    className="rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800"
                  >
                    {c}
                  </li>
                ))}
              </ul>
            )}
          </Column>
          <Column id="resume-experience" title="Experience">
            {experience.length === 0 ? (
              <Empty text="No experience records found." />
            ) : (
              <Timeline
                items={experience.map((e) => ({
                  id: e.id,
                  title: e.title,
                  place: e.institution,
                  year: e.year,
                  description: e.description,
                  descriptionHtml: e.descriptionHtml,
                }))}
              />
            )}
          </Column>
        </div>
      </div>
    </section>
  );
}
