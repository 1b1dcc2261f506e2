// Read models for the sitemap, the feeds and the resume export: published content only.
import { prisma } from "./db.server";

/** Published projects, newest first, with what feeds and the sitemap need. */
export function listPublishedProjectsForFeeds(limit = 500) {
  return prisma.project.findMany({
    where: { draft: false },
    select: {
      id: true,
      title: true,
      subtitle: true,
      shortDescription: true,
      thumbnail: true,
      skill: true,
      createdAt: true,
      updatedAt: true,
    },
    orderBy: { id: "desc" },
    take: limit,
  });
}

/** When any public content last changed (for the home page's lastmod). */
export async function lastContentChange(): Promise<Date> {
  const tables = ["Profile", "Skill", "Category", "Service", "Project", "Education", "Experience"];
  const rows = await prisma.$queryRawUnsafe<Array<{ t: number | bigint | string | null }>>(
    `SELECT MAX(t) AS t FROM (${tables.map((t) => `SELECT MAX("updatedAt") AS t FROM "${t}"`).join(" UNION ALL ")})`,
  );
  const value = rows[0]?.t;
  if (value === null || value === undefined) return new Date(0);
  const date = new Date(
    typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : typeof value === "bigint"
        ? Number(value)
        : value,
  );
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}
