// The columns a model reads are its entity's schema keys (app/entities/<name>.ts) plus the id, so
// a field added to the entity is read, written and answered without editing the model.
import type { z } from "zod";

export type SelectOf<S extends z.AnyZodObject> = { id: true } & { [K in keyof S["shape"]]: true };

/** `{ id: true, name: true, ... }` for Prisma's `select`, from an entity's zod object schema. */
export function selectOf<S extends z.AnyZodObject>(schema: S): SelectOf<S> {
  const select: Record<string, true> = { id: true };
  for (const key of Object.keys(schema.shape)) select[key] = true;
  return select as SelectOf<S>;
}
