import { JsonLd } from "~/components/json-ld";
import { personJsonLd } from "~/utils/structured-data";
import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AboutSection } from "~/components/site/about-section";
import { ProjectsSection } from "~/components/site/projects-section";
import { ResumeSection } from "~/components/site/resume-section";
import { ServicesSection } from "~/components/site/services-section";
import {
  FALLBACK_DESCRIPTION,
  pageMeta,
  profileFromMatches,
  siteName,
  useSiteData,
} from "~/components/site/site-data";
import { homeContent } from "~/models/home.server";
import { siteTitle } from "~/utils/page-title";
import { renderMarkdown } from "~/utils/markdown.server";

/** Everything below the layout, read in parallel (the profile comes from the layout's loader). */
export async function loader() {
  const content = await homeContent();
  // The resume's descriptions are Markdown, rendered here (docs/markdown.md); their headings
  // under the timeline's h4 items.
  const withHtml = <T extends { description: string }>(record: T) => ({
    ...record,
    descriptionHtml: renderMarkdown(record.description, 5),
  });
  return json({
    ...content,
    education: content.education.map(withHtml),
    experience: content.experience.map(withHtml),
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) => {
  const profile = profileFromMatches(matches);
  const name = siteName(profile);
  return pageMeta(
    profile?.name ? siteTitle(name, "Developer Portfolio") : "Developer Portfolio",
    profile?.description?.trim() || FALLBACK_DESCRIPTION,
    { matches, location, type: "profile" },
  );
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { profile } = useSiteData();
  const siteUrl = useRouteLoaderData<{ siteUrl: string }>("root")?.siteUrl ?? "";
  const person = personJsonLd(siteUrl, profile);
  return (
    <>
      {person ? <JsonLd data={person} /> : null}
      <AboutSection
        profile={profile}
        skills={data.skills}
        categories={data.categories}
        stats={data.stats}
      />
      <ProjectsSection
        id="react-projects"
        title="React Projects"
        intro="Interactive interfaces and single-page apps."
        moreHref="/projects/react"
        projects={data.react}
        link="live"
        empty="No React projects found."
      />
      <ProjectsSection
        id="laravel-projects"
        title="Laravel Projects"
        intro="Back ends, APIs and complete platforms."
        moreHref="/projects/laravel"
        projects={data.laravel}
        link="source"
        empty="No Laravel projects found."
        tinted
      />
      <ServicesSection services={data.services} />
      <ResumeSection
        education={data.education}
        categories={data.categories}
        experience={data.experience}
      />
    </>
  );
}
