import type { LoaderFunctionArgs } from "@remix-run/node";
import { resumeData, toJsonResume } from "~/models/resume.server";
import { absoluteUrl, siteUrl } from "~/utils/site-url.server";
import { markdownToText } from "~/utils/markdown.server";

/** /resume.json: the resume in the JSON Resume schema. */
export async function loader({ request }: LoaderFunctionArgs) {
  const base = siteUrl(request);
  const stored = await resumeData();
  // JSON Resume carries plain text: the long texts' Markdown is dropped (docs/markdown.md).
  const data = {
    ...stored,
    profile: stored.profile && {
      ...stored.profile,
      description: markdownToText(stored.profile.description),
    },
    education: stored.education.map((e) => ({ ...e, description: markdownToText(e.description) })),
    experience: stored.experience.map((e) => ({
      ...e,
      description: markdownToText(e.description),
    })),
  };
  return Response.json(toJsonResume(data, base, absoluteUrl(base, data.profile?.image ?? "")), {
    headers: {
      "Cache-Control": "public, max-age=60",
      "Content-Disposition": 'inline; filename="resume.json"',
    },
  });
}
