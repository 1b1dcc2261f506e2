import type { Prisma } from "@prisma/client";
import { prisma } from "./db.server";
import { hasChanges, type UpdateResult } from "~/entities/fields";
import { topPosition } from "./position.server";
import { selectOf } from "./select.server";
import { fieldErrorsOf } from "~/utils/validation";
import { listCategories } from "./category.server";
import { pageOf, searchWhere } from "./search.server";
import type { ListPage } from "~/utils/list-query";
import {
  LINK_REQUIRED_MESSAGE,
  projectCreateSchema,
  projectFieldsSchema,
  projectUpdateSchema,
  PROJECTS_PAGE_SIZE,
  type ProjectInput,
} from "~/entities/project";

/** A project card: what list pages show. */
const cardSelect = {
  id: true,
  title: true,
  subtitle: true,
  shortDescription: true,
  thumbnail: true,
  liveView: true,
  sourceCode: true,
  skill: true,
  level: true,
  featured: true,
  draft: true,
} as const;

// Every stored field of the entity (a field added to app/entities/project.ts is read without an
// edit here), with the gallery from its own table.
const { images: _images, ...storedColumns } = selectOf(projectFieldsSchema);

const detailSelect = {
  ...storedColumns,
  updatedAt: true,
  images: { select: { url: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProjectSelect;

export type ProjectCard = Prisma.ProjectGetPayload<{ select: typeof cardSelect }>;
type ProjectRow = Prisma.ProjectGetPayload<{ select: typeof detailSelect }>;
export type ProjectDetail = Omit<ProjectRow, "images" | "updatedAt"> & {
  images: string[];
  updatedAt: string;
};

/** Public lists: featured first, then the owner's order, newest first among equals. */
const publicOrder: Prisma.ProjectOrderByWithRelationInput[] = [
  { featured: "desc" },
  { position: "asc" },
  { id: "desc" },
];
const adminOrder: Prisma.ProjectOrderByWithRelationInput[] = [{ position: "asc" }, { id: "desc" }];

export type ProjectFilter = {
  /** Exact skill match (the /projects/react and /projects/laravel pages). */
  skill?: string;
  /** Include drafts (admin and the owner's API reads only). */
  includeDrafts?: boolean;
};

function whereOf({ skill, includeDrafts }: ProjectFilter): Prisma.ProjectWhereInput {
  return { ...(skill ? { skill } : {}), ...(includeDrafts ? {} : { draft: false }) };
}

export function listProjects(filter: ProjectFilter = {}): Promise<ProjectCard[]> {
  return prisma.project.findMany({
    select: cardSelect,
    where: whereOf(filter),
    orderBy: filter.includeDrafts ? adminOrder : publicOrder,
  });
}

export function countProjects(filter: ProjectFilter = {}) {
  return prisma.project.count({ where: whereOf(filter) });
}

/** Published projects whose skill matches `skill` ignoring case (the home page's React/Laravel rows). */
export async function listProjectsBySkillIgnoringCase(
  skill: string,
  limit?: number,
): Promise<ProjectCard[]> {
  const ids = await prisma.$queryRawUnsafe<Array<{ id: number | bigint }>>(
    `SELECT id FROM "Project" WHERE draft = 0 AND skill = ? COLLATE NOCASE ORDER BY featured DESC, position ASC, id DESC${limit ? ` LIMIT ${Number(limit)}` : ""}`,
    skill,
  );
  const order = ids.map((r) => Number(r.id));
  const rows = await prisma.project.findMany({ select: cardSelect, where: { id: { in: order } } });
  return order
    .map((id) => rows.find((r) => r.id === id))
    .filter((r): r is ProjectCard => Boolean(r));
}

export type ProjectPage = {
  projects: ProjectCard[];
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
};

/** One page of a list; an out-of-range or invalid page gives the nearest valid one. */
export async function pageOfProjects(
  filter: ProjectFilter,
  requestedPage: number,
  pageSize = PROJECTS_PAGE_SIZE,
): Promise<ProjectPage> {
  const total = await countProjects(filter);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(
    Math.max(1, Number.isFinite(requestedPage) ? Math.trunc(requestedPage) : 1),
    totalPages,
  );
  const projects = await prisma.project.findMany({
    select: cardSelect,
    where: whereOf(filter),
    orderBy: filter.includeDrafts ? adminOrder : publicOrder,
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  return { projects, page, totalPages, total, pageSize };
}

/** The admin list's filters ("" = any). */
export type AdminProjectFilters = {
  /** A skill (category name), ignoring case. */
  skill: string;
  level: string;
  /** "draft" or "published". */
  status: string;
  /** "featured" or "not-featured". */
  featured: string;
};

/**
 * One page of the admin project list (drafts included, the owner's order): the projects whose
 * title, subtitle, descriptions, client, service or skill contain every word of `q`, narrowed by
 * the filters.
 */
export async function pageOfAdminProjects(
  q: string,
  page: number,
  filters: AdminProjectFilters,
): Promise<ListPage<ProjectCard>> {
  const search = await searchWhere(
    "Project",
    ["title", "subtitle", "shortDescription", "longDescription", "clientName", "service", "skill"],
    q,
  );
  const skill = filters.skill ? await searchWhereSkill(filters.skill) : {};
  const where: Prisma.ProjectWhereInput = {
    AND: [
      search,
      skill,
      filters.level ? { level: filters.level } : {},
      filters.status ? { draft: filters.status === "draft" } : {},
      filters.featured ? { featured: filters.featured === "featured" } : {},
    ],
  };
  return pageOf(
    page,
    () => prisma.project.count({ where }),
    (skip, take) =>
      prisma.project.findMany({ select: cardSelect, where, orderBy: adminOrder, skip, take }),
  );
}

/** The projects whose skill is `skill` ignoring case. */
async function searchWhereSkill(skill: string): Promise<{ id: { in: number[] } }> {
  const rows = await prisma.$queryRawUnsafe<Array<{ id: number | bigint }>>(
    `SELECT id FROM "Project" WHERE skill = ? COLLATE NOCASE`,
    skill,
  );
  return { id: { in: rows.map((r) => Number(r.id)) } };
}

/** The distinct skills projects use (the admin list's skill filter). */
export async function projectSkills(): Promise<string[]> {
  const rows = await prisma.project.findMany({
    select: { skill: true },
    distinct: ["skill"],
    orderBy: { skill: "asc" },
  });
  return rows.map((r) => r.skill).filter(Boolean);
}

/** The newest projects by id (the dashboard's Recent Projects). */
export function recentProjects(limit: number) {
  return prisma.project.findMany({
    select: { id: true, title: true, skill: true },
    orderBy: { id: "desc" },
    take: limit,
  });
}

function toDetail(row: ProjectRow): ProjectDetail {
  return { ...row, images: row.images.map((i) => i.url), updatedAt: row.updatedAt.toISOString() };
}

export async function getProject(
  id: number,
  { includeDrafts = false } = {},
): Promise<ProjectDetail | null> {
  const row = await prisma.project.findFirst({
    where: { id, ...(includeDrafts ? {} : { draft: false }) },
    select: detailSelect,
  });
  return row ? toDetail(row) : null;
}

function columns(input: ProjectInput) {
  const { images: _images, ...rest } = input;
  return { ...rest, budget: input.budget ?? null };
}

export async function createProject(input: ProjectInput): Promise<{ id: number }> {
  const position = await topPosition("project");
  return prisma.project.create({
    data: {
      ...columns(input),
      position,
      images: { create: input.images.map((url, index) => ({ url, position: index })) },
    },
    select: { id: true },
  });
}

export type ProjectUpdate = UpdateResult & { removedImages: string[] };

/**
 * Updates every field of a project (the gallery is replaced as a whole). Returns the spec's counts
 * and the image references no longer used by it (so uploaded files can be cleaned up).
 */
export async function updateProject(id: number, input: ProjectInput): Promise<ProjectUpdate> {
  const current = await getProject(id, { includeDrafts: true });
  if (!current) return { matchedCount: 0, modifiedCount: 0, removedImages: [] };
  const next = { ...columns(input), images: input.images };
  const comparable = { ...current, budget: current.budget };
  if (
    !hasChanges(
      comparable as unknown as Record<string, unknown>,
      next as unknown as Record<string, unknown>,
    )
  ) {
    return { matchedCount: 1, modifiedCount: 0, removedImages: [] };
  }
  await prisma.$transaction([
    prisma.projectImage.deleteMany({ where: { projectId: id } }),
    prisma.project.update({
      where: { id },
      data: {
        ...columns(input),
        images: { create: input.images.map((url, index) => ({ url, position: index })) },
      },
    }),
  ]);
  const kept = new Set([input.thumbnail, input.ogImage, ...input.images]);
  const removedImages = [current.thumbnail, current.ogImage, ...current.images].filter(
    (u) => u && !kept.has(u),
  );
  return { matchedCount: 1, modifiedCount: 1, removedImages };
}

/** Deletes a project; returns deletedCount and the image references it used. */
export async function deleteProject(
  id: number,
): Promise<{ deletedCount: number; removedImages: string[] }> {
  const current = await getProject(id, { includeDrafts: true });
  if (!current) return { deletedCount: 0, removedImages: [] };
  const { count } = await prisma.project.deleteMany({ where: { id } });
  return {
    deletedCount: count,
    removedImages: [current.thumbnail, current.ogImage, ...current.images].filter(Boolean),
  };
}

export type ProjectValidation =
  { ok: true; input: ProjectInput } | { ok: false; errors: Record<string, string> };

/**
 * Validates a project with the spec's rules (the dashboard's forms); the skill must be one of the
 * category names, or on edit the project's current skill unchanged (a skill the old backend or an
 * import stored, such as "Vue", stays until the owner picks a category).
 */
export async function validateProject(
  raw: Record<string, unknown>,
  mode: "create" | "update",
  { currentSkill }: { currentSkill?: string } = {},
): Promise<ProjectValidation> {
  const schema = mode === "create" ? projectCreateSchema : projectUpdateSchema;
  const parsed = schema.safeParse(raw);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const skill = parsed.success ? parsed.data.skill : typeof raw.skill === "string" ? raw.skill : "";
  const unchanged =
    mode === "update" && currentSkill !== undefined && skill.trim() === currentSkill;
  if (!errors.skill && skill.trim() !== "" && !unchanged) {
    const names = (await listCategories()).map((c) => c.name);
    if (!names.includes(skill.trim())) errors.skill = "Choose a skill from the category list";
  }
  const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
  if (!errors.liveView && !errors.sourceCode && blank(raw.liveView) && blank(raw.sourceCode))
    errors.liveView = LINK_REQUIRED_MESSAGE;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  return { ok: false, errors };
}

/** Every project with all its fields, in list order (the REST API's GET /addprotfolio). */
export async function listProjectDetails(filter: ProjectFilter = {}): Promise<ProjectDetail[]> {
  const rows = await prisma.project.findMany({
    select: detailSelect,
    where: whereOf(filter),
    orderBy: filter.includeDrafts ? adminOrder : publicOrder,
  });
  return rows.map(toDetail);
}
