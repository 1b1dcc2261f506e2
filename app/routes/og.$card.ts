import type { LoaderFunctionArgs } from "@remix-run/node";
import { PAGE_CARDS, type PageCardKind } from "~/utils/social-card";
import { cardResponse, pageCard, themeOf } from "~/utils/social-card.server";

/** `/og/<page>.png`: the social card of a public page (home, projects, react, laravel, resume, contact). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = /^([a-z]{1,20})\.png$/.exec(params.card ?? "")?.[1];
  const theme = themeOf(request);
  if (!kind || !PAGE_CARDS.includes(kind as PageCardKind) || !theme)
    return cardResponse(request, null);
  return cardResponse(request, await pageCard(kind as PageCardKind, theme));
}
