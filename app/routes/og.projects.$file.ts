import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/entities/fields";
import { cardResponse, projectCard, themeOf } from "~/utils/social-card.server";

/** `/og/projects/<id>.png`: a published project's social card; drafts and unknown ids are 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const digits = /^(\d{1,12})\.png$/.exec(params.file ?? "")?.[1];
  const id = digits === undefined ? null : parseId(digits);
  const theme = themeOf(request);
  if (id === null || !theme) return cardResponse(request, null);
  return cardResponse(request, await projectCard(id, theme));
}
