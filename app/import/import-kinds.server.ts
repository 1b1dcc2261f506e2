// How the importer stores each kind of record: the schema a record is validated with (what Folio
// can store, as lenient as the old backend where it was: see projectStoredSchema) and the entity
// service it is written through (create, update, delete, order). The profile is the one row of
// its own and is handled by the applier.
import type { z } from "zod";
import { categorySchema } from "~/entities/category";
import { categoryService } from "~/entities/category.server";
import { educationCreateSchema } from "~/entities/education";
import { educationService } from "~/entities/education.server";
import type { Refusal, Removal } from "~/entities/entity.server";
import { experienceSchema } from "~/entities/experience";
import { experienceService } from "~/entities/experience.server";
import type { UpdateResult } from "~/entities/fields";
import { projectStoredSchema, type ProjectInput } from "~/entities/project";
import { projectService } from "~/entities/project.server";
import { serviceSchema } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { skillSchema } from "~/entities/skill";
import { skillService } from "~/entities/skill.server";
import type { ImportKind } from "./types";

type Row = Record<string, unknown> & { id: number };
type Input = Record<string, unknown>;

/** A kind stored in a list of rows (every kind but the profile). */
export type ListKind = Exclude<ImportKind, "profile">;

export type KindStore = {
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  list: () => Promise<Row[]>;
  get: (id: number) => Promise<Row | null>;
  create: (input: Input) => Promise<{ id: number } | Refusal>;
  update: (id: number, input: Input) => Promise<UpdateResult | Refusal>;
  remove: (id: number) => Promise<Removal>;
  setOrder: (ids: number[]) => Promise<number[]>;
  /**
   * A record with no (live) link meets a row of the same name, ignoring case: the row is adopted
   * (linked, the owner's spelling kept) instead of duplicated. Category names are unique anyway.
   */
  adoptByName?: boolean;
  /** The record's values as they compare with a stored row (undefined means "keep"). */
  comparable?: (input: Input) => Input;
};

const owner = { owner: true };

/** Widens a typed service to the importer's plain records (the schema made the input). */
const store = (parts: {
  schema: z.ZodTypeAny;
  list: () => Promise<unknown[]>;
  get: (id: number) => Promise<unknown>;
  create: (input: never) => Promise<{ id: number } | Refusal>;
  update: (id: number, input: never) => Promise<UpdateResult | Refusal>;
  remove: (id: number) => Promise<Removal>;
  setOrder: (ids: number[]) => Promise<number[]>;
  adoptByName?: boolean;
  comparable?: (input: Input) => Input;
}): KindStore => parts as unknown as KindStore;

export const KIND_STORES: Record<ListKind, KindStore> = {
  skill: store({ ...skillService, schema: skillSchema, adoptByName: true }),
  category: store({ ...categoryService, schema: categorySchema, adoptByName: true }),
  service: store({ ...serviceService, schema: serviceSchema }),
  project: store({
    ...projectService,
    schema: projectStoredSchema,
    list: () => projectService.list(owner),
    get: (id) => projectService.get(id, owner),
    // Old sites have no social card image: a re-import keeps the one the owner set.
    update: async (id: number, input: ProjectInput) => {
      const stored = input.ogImage ? null : await projectService.get(id, owner);
      return projectService.update(id, {
        ...input,
        ogImage: input.ogImage || stored?.ogImage || "",
      });
    },
    // The model stores a missing budget as null, and leaves featured/draft alone when absent.
    comparable: (input) => ({
      ...input,
      budget: input.budget ?? null,
      ...(input.ogImage ? {} : { ogImage: undefined }),
    }),
  }),
  education: store({ ...educationService, schema: educationCreateSchema }),
  experience: store({ ...experienceService, schema: experienceSchema }),
};

/** Kinds in the order `replace` deletes them: projects first (categories they use come after). */
export const DELETE_ORDER: ListKind[] = [
  "project",
  "skill",
  "service",
  "education",
  "experience",
  "category",
];
