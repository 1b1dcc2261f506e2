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
  basePath: "/projects/react",
  title: "My React Type Projects",
  intro: "Interactive front ends and single-page apps built with React.",
  empty: "No React projects found.",
  linkFor: () => "live",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await pageOfProjects({ skill: "React" }, requestedPage(request)));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const name = siteName(profileFromMatches(matches));
  const page = data && data.page > 1 ? ` (page ${data.page})` : "";
  return pageMeta(
    siteTitle(`${variant.title}${page}`, name),
    `${data?.total ?? 0} React projects by ${name}. Interactive front ends and single-page apps built with React.`,
    { matches, location },
  );
};

export default function ReactProjects() {
  return <ProjectListPage variant={variant} data={useLoaderData<typeof loader>()} />;
}
