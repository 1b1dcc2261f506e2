import { listCategories } from "./category.server";
import { listEducation } from "./education.server";
import { listExperience } from "./experience.server";
import { countProjects, listProjectsBySkillIgnoringCase } from "./project.server";
import { listServices } from "./service.server";
import { listSkills } from "./skill.server";

/** How many cards the home page's React and Laravel rows show (View More leads to the rest). */
export const HOME_PROJECTS_PER_SECTION = 4;

/**
 * Everything the home page shows below the layout (the profile comes from the layout's loader),
 * read in parallel: skills, categories, services, the project count, the React and Laravel rows
 * (matched ignoring case, two small reads each), education and experience.
 */
export async function homeContent() {
  const [skills, categories, services, projectCount, react, laravel, education, experience] =
    await Promise.all([
      listSkills(),
      listCategories(),
      listServices(),
      countProjects(),
      listProjectsBySkillIgnoringCase("React", HOME_PROJECTS_PER_SECTION),
      listProjectsBySkillIgnoringCase("Laravel", HOME_PROJECTS_PER_SECTION),
      listEducation(),
      listExperience(),
    ]);
  return {
    skills: skills.map((s) => s.name),
    categories: categories.map((c) => c.name),
    services,
    stats: { services: services.length, projects: projectCount },
    react,
    laravel,
    education,
    experience,
  };
}

export type HomeContent = Awaited<ReturnType<typeof homeContent>>;
