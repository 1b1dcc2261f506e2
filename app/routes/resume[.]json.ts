import type { LoaderFunctionArgs } from "@remix-run/node";
import { resumeData, toJsonResume } from "~/models/resume.server";
import { absoluteUrl, siteUrl } from "~/utils/site-url.server";

/** /resume.json: the resume in the JSON Resume schema. */
export async function loader({ request }: LoaderFunctionArgs) {
  const base = siteUrl(request);
  const data = await resumeData();
  return Response.json(toJsonResume(data, base, absoluteUrl(base, data.profile?.image ?? "")), {
    headers: {
      "Cache-Control": "public, max-age=60",
      "Content-Disposition": 'inline; filename="resume.json"',
    },
  });
}
