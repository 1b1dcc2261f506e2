// JSON-LD documents (schema.org) for the public pages.
import type { Profile } from "~/models/profile.server";
import { shareImageUrl } from "./seo";
import { isIsoDate } from "~/entities/project";

export function personJsonLd(siteUrl: string, profile: Profile | null) {
  if (!profile?.name) return null;
  const sameAs = [profile.github, profile.linkedin, profile.facebook].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: profile.name,
    url: `${siteUrl}/`,
    ...(profile.description ? { description: profile.description } : {}),
    ...(profile.image ? { image: shareImageUrl(siteUrl, profile.image) } : {}),
    ...(profile.email ? { email: `mailto:${profile.email}` } : {}),
    ...(profile.address ? { address: profile.address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

type ProjectForLd = {
  id: number;
  title: string;
  subtitle: string;
  shortDescription: string;
  thumbnail: string;
  sourceCode: string;
  liveView: string;
  skill: string;
  date: string;
  updatedAt: string;
};

export function projectJsonLd(
  siteUrl: string,
  project: ProjectForLd,
  authorName: string | undefined,
) {
  const url = `${siteUrl}/projects/${project.id}`;
  const work = {
    "@context": "https://schema.org",
    "@type": project.sourceCode ? "SoftwareSourceCode" : "CreativeWork",
    "@id": url,
    name: project.title,
    url,
    headline: project.subtitle || project.title,
    description: project.shortDescription || project.subtitle,
    ...(project.thumbnail ? { image: shareImageUrl(siteUrl, project.thumbnail) } : {}),
    ...(project.sourceCode ? { codeRepository: project.sourceCode } : {}),
    ...(project.liveView ? { sameAs: project.liveView } : {}),
    keywords: project.skill,
    // schema.org wants a date: the old backend's free text ("Spring 2021") is left out.
    ...(isIsoDate(project.date) ? { dateCreated: project.date } : {}),
    dateModified: project.updatedAt,
    ...(authorName ? { author: { "@type": "Person", name: authorName, url: `${siteUrl}/` } } : {}),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
      { "@type": "ListItem", position: 2, name: "Projects", item: `${siteUrl}/projects` },
      { "@type": "ListItem", position: 3, name: project.title, item: url },
    ],
  };
  return [work, breadcrumbs];
}
