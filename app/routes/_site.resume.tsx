import { pageMeta, profileFromMatches, siteName } from "~/components/site/site-data";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { resumeData } from "~/models/resume.server";
import printStyles from "~/styles/print.css?url";
import { siteTitle } from "~/utils/page-title";
import { Markdown } from "~/components/markdown";
import { renderMarkdown } from "~/utils/markdown.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles, media: "print" },
  {
    rel: "alternate",
    type: "application/json",
    href: "/resume.json",
    title: "Resume (JSON Resume)",
  },
];

export async function loader() {
  const data = await resumeData();
  // The long texts are Markdown, rendered here (docs/markdown.md).
  return json({
    ...data,
    html: {
      profile: renderMarkdown(data.profile?.description),
      education: data.education.map((e) => renderMarkdown(e.description)),
      experience: data.experience.map((e) => renderMarkdown(e.description)),
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const name = data?.profile?.name || siteName(profileFromMatches(matches));
  return pageMeta(
    siteTitle("Resume", name),
    `The resume of ${name}: experience, education and skills.`,
    {
      matches,
      location,
    },
  );
};

function Heading({ children }: { children: string }) {
  return (
    <h2 className="mb-3 border-b border-slate-200 pb-1 text-lg font-semibold tracking-wide text-slate-900 uppercase">
      {children}
    </h2>
  );
}

export default function ResumePage() {
  const { profile, skills, categories, education, experience, html } =
    useLoaderData<typeof loader>();
  const links = [
    profile?.email ? { href: `mailto:${profile.email}`, label: profile.email } : null,
    profile?.github ? { href: profile.github, label: "GitHub" } : null,
    profile?.linkedin ? { href: profile.linkedin, label: "LinkedIn" } : null,
    profile?.facebook ? { href: profile.facebook, label: "Facebook" } : null,
  ].filter((l): l is { href: string; label: string } => l !== null);
  return (
    <div className="mx-auto max-w-4xl px-4 pt-28 pb-16">
      <div className="print-hidden mb-4 flex flex-wrap justify-end gap-3 text-sm">
        <a
          href="/resume.json"
          className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
        >
          JSON Resume
        </a>
        {profile?.cv ? (
          <a
            href={profile.cv}
            className="rounded-lg bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800"
          >
            Download CV
          </a>
        ) : null}
      </div>
      <article
        className="resume-sheet rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-labelledby="resume-name"
      >
        <header className="mb-6">
          <h1 id="resume-name" className="text-3xl font-bold text-slate-900">
            {profile?.name || "Resume"}
          </h1>
          {skills.length ? (
            <p className="mt-1 text-lg text-slate-700">{skills.map((s) => s.name).join(" · ")}</p>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {profile?.number ? <span>{profile.number}</span> : null}
            {profile?.address ? <span>{profile.address}</span> : null}
            {links.map((l) => (
              <a
                key={l.href}
                href={l.href}
                className="text-blue-800 underline-offset-2 hover:underline"
              >
                {l.label}
              </a>
            ))}
          </p>
        </header>
        {profile?.description ? (
          <section className="mb-6">
            <Heading>Profile</Heading>
            <Markdown html={html.profile} className="text-slate-800" />
          </section>
        ) : null}
        <section className="mb-6">
          <Heading>Experience</Heading>
          {experience.length === 0 ? (
            <p className="text-slate-700">No experience records found.</p>
          ) : null}
          <ul className="flex flex-col gap-4">
            {experience.map((e, index) => (
              <li key={e.id}>
                <p className="font-semibold text-slate-900">
                  {e.title} — {e.institution}
                </p>
                <p className="text-sm text-slate-600">{e.year}</p>
                {e.description ? (
                  <Markdown html={html.experience[index]} className="mt-1 text-slate-800" />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        <section className="mb-6">
          <Heading>Education</Heading>
          {education.length === 0 ? (
            <p className="text-slate-700">No education records found.</p>
          ) : null}
          <ul className="flex flex-col gap-4">
            {education.map((e, index) => (
              <li key={e.id}>
                <p className="font-semibold text-slate-900">{e.degree}</p>
                <p className="text-sm text-slate-600">
                  {e.institution} · {e.year}
                </p>
                {e.description ? (
                  <Markdown html={html.education[index]} className="mt-1 text-slate-800" />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        {categories.length ? (
          <section>
            <Heading>Professional Skills</Heading>
            <p className="text-slate-800">{categories.map((c) => c.name).join(", ")}</p>
          </section>
        ) : null}
      </article>
    </div>
  );
}
