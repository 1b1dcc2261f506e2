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
  basePath: "/projects",
  title: "My All Type Projects",
  intro: "Everything I have built: web apps, dashboards and platforms for clients and products.",
  empty: "No projects found.",
  linkFor: (p) => (p.skill === "React" ? "live" : "source"),
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await pageOfProjects({}, requestedPage(request)));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const name = siteName(profileFromMatches(matches));
  const page = data && data.page > 1 ? ` (page ${data.page})` : "";
  return pageMeta(
    siteTitle(`${variant.title}${page}`, name),
    `${data?.total ?? 0} projects by ${name}: React and Laravel web apps, with live demos and source code.`,
    { matches, location },
  );
};

export default function AllProjects() {
  return <ProjectListPage variant={variant} data={useLoaderData<typeof loader>()} />;
}
