import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ProjectListPage,
  requestedPage,
  type ProjectListVariant,
} from "~/components/site/project-list-page";
import { pageMeta, profileFromMatches, siteName } from "~/components/site/site-data";
import { pageOfProjects } from "~/models/project.server";
import { siteTitle } from "~/utils/page-title";

const variant: ProjectListVariant = {
  basePath: "/projects/laravel",
  title: "My Laravel Type Projects",
  intro: "Back ends, APIs and full platforms built with Laravel.",
  empty: "No Laravel projects found.",
  linkFor: () => "source",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await pageOfProjects({ skill: "Laravel" }, requestedPage(request)));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const name = siteName(profileFromMatches(matches));
  const page = data && data.page > 1 ? ` (page ${data.page})` : "";
  return pageMeta(
    siteTitle(`${variant.title}${page}`, name),
    `${data?.total ?? 0} Laravel projects by ${name}. Back ends, APIs and full platforms built with Laravel.`,
    { matches, location },
  );
};

export default function LaravelProjects() {
  return <ProjectListPage variant={variant} data={useLoaderData<typeof loader>()} />;
}
