import { countExperience } from "./experience.server";
import { countProjects, recentProjects } from "./project.server";
import { countServices } from "./service.server";
import { countSkills } from "./skill.server";

export const RECENT_PROJECTS = 3;

/** Everything the dashboard home shows, read in parallel. */
export async function dashboardSummary() {
  const [skills, projects, services, experience, recent] = await Promise.all([
    countSkills(),
    countProjects({ includeDrafts: true }),
    countServices(),
    countExperience(),
    recentProjects(RECENT_PROJECTS),
  ]);
  return { counts: { skills, projects, services, experience }, recent };
}
