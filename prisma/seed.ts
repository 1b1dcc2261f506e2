// Fills a believable demo portfolio and the owner account. Safe to re-run: each kind of content
// is added only while its table is empty, and the owner only while none exists.
import "dotenv/config";
import { ensureOwnerFromEnv } from "~/models/owner.server";
import { prisma, dbReady } from "~/models/db.server";
import { env } from "~/utils/env.server";
import {
  demoCategories,
  demoEducation,
  demoExperience,
  demoProfile,
  demoProjects,
  demoServices,
  demoSkills,
} from "./demo-content";
import { ensureDemoImages } from "./demo-images";

export async function seed() {
  await dbReady();
  const report: string[] = [];
  // Items are inserted oldest first so the newest-first lists show them in the order written.
  const positions = (n: number) => Array.from({ length: n }, (_, i) => n - i);

  if ((await prisma.profile.count()) === 0) {
    // Demo pictures are drawn and stored through the upload pipeline (cached between seeds).
    await ensureDemoImages([demoProfile.image], demoProjects);
    await prisma.profile.create({ data: demoProfile });
    report.push("profile");
  }
  if ((await prisma.skill.count()) === 0) {
    const p = positions(demoSkills.length);
    for (const [i, name] of [...demoSkills].reverse().entries())
      await prisma.skill.create({ data: { name, position: p[i] } });
    report.push(`${demoSkills.length} skills`);
  }
  if ((await prisma.category.count()) === 0) {
    const p = positions(demoCategories.length);
    for (const [i, name] of [...demoCategories].reverse().entries())
      await prisma.category.create({ data: { name, position: p[i] } });
    report.push(`${demoCategories.length} categories`);
  }
  if ((await prisma.service.count()) === 0) {
    const p = positions(demoServices.length);
    for (const [i, s] of [...demoServices].reverse().entries())
      await prisma.service.create({ data: { ...s, position: p[i] } });
    report.push(`${demoServices.length} services`);
  }
  if ((await prisma.project.count()) === 0) {
    const p = positions(demoProjects.length);
    await ensureDemoImages(
      demoProjects.flatMap((project) => [project.thumbnail, ...project.images]),
      demoProjects,
    );
    for (const [i, project] of [...demoProjects].reverse().entries()) {
      const { images, ...data } = project;
      await prisma.project.create({
        data: {
          ...data,
          position: p[i],
          images: { create: images.map((url, index) => ({ url, position: index })) },
        },
      });
    }
    report.push(`${demoProjects.length} projects`);
  }
  if ((await prisma.education.count()) === 0) {
    const p = positions(demoEducation.length);
    for (const [i, e] of [...demoEducation].reverse().entries())
      await prisma.education.create({ data: { ...e, position: p[i] } });
    report.push(`${demoEducation.length} education records`);
  }
  if ((await prisma.experience.count()) === 0) {
    const p = positions(demoExperience.length);
    for (const [i, e] of [...demoExperience].reverse().entries())
      await prisma.experience.create({ data: { ...e, position: p[i] } });
    report.push(`${demoExperience.length} experience records`);
  }
  const { OWNER_EMAIL, OWNER_PASSWORD } = env();
  const owner = await ensureOwnerFromEnv(OWNER_EMAIL, OWNER_PASSWORD);
  if (owner.created) report.push(`owner ${OWNER_EMAIL}`);
  return report;
}
