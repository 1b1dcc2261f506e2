// What every entity's service (app/entities/<name>.server.ts) offers. The dashboard's actions and
// the REST handlers (app/rest/) both call these operations, so a rule such as "delete the images
// a project no longer uses" is written once. Services take plain input (already validated), never
// a Request or FormData; models (app/models/) do the database work.
import { moveItem, setOrder, type Direction } from "~/models/ordering.server";
import type { OrderedModel } from "./entity";
import type { UpdateResult } from "./fields";

/** Who asks: the owner also sees drafts. */
export type Reader = { owner: boolean };

/** Field messages a create or update answers instead of saving (e.g. a duplicate name). */
export type Refusal = { fieldErrors: Record<string, string> };

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "fieldErrors" in value;
}

/** What a delete did: the spec's deletedCount, or how many records still use it (nothing deleted). */
export type Removal = { deletedCount: number; blockedBy?: number };

export type EntityService<Row extends { id: number }, Input> = {
  list: (reader?: Reader) => Promise<Row[]>;
  get: (id: number, reader?: Reader) => Promise<Row | null>;
  create?: (input: Input) => Promise<{ id: number } | Refusal>;
  /** A Refusal when the input clashes with another record (e.g. a category's name). */
  update?: (id: number, input: Input) => Promise<UpdateResult | Refusal>;
  remove?: (id: number) => Promise<Removal>;
  /** Moves one record a step (false when it does not exist). */
  move?: (id: number, direction: Direction) => Promise<boolean>;
  /** Sets the whole order (drag and drop); the order written. */
  setOrder?: (ids: number[]) => Promise<number[]>;
};

/** The model functions a plain entity's service is made of. */
type ModelOps = {
  list: () => Promise<Array<{ id: number }>>;
  get: (id: number) => Promise<{ id: number } | null>;
  create?: (input: never) => Promise<{ id: number } | Refusal>;
  update?: (id: number, input: never) => Promise<UpdateResult | Refusal>;
  /** Answers the spec's deletedCount, or a Removal saying what blocked it. */
  remove?: (id: number) => Promise<number | Removal>;
};

/** The service made of `O`: exactly the operations given, plus reordering. */
type ServiceOf<O extends ModelOps> = {
  list: (reader?: Reader) => ReturnType<O["list"]>;
  get: (id: number, reader?: Reader) => ReturnType<O["get"]>;
  move: (id: number, direction: Direction) => Promise<boolean>;
  setOrder: (ids: number[]) => Promise<number[]>;
} & (O extends { create: infer C } ? { create: C } : unknown) &
  (O extends { update: infer U } ? { update: U } : unknown) &
  (O extends { remove: unknown } ? { remove: (id: number) => Promise<Removal> } : unknown);

/** The reorder operations of an ordered table. */
export const orderingOf = (model: OrderedModel) => ({
  move: (id: number, direction: Direction) => moveItem(model, id, direction),
  setOrder: (ids: number[]) => setOrder(model, ids),
});

/**
 * The service of an entity whose operations are its model's functions as they are (no drafts, no
 * files to clean up), with the reorder operations of its ordered table.
 */
export function entityService<O extends ModelOps>(ordered: OrderedModel, ops: O): ServiceOf<O> {
  const { list, get, remove } = ops;
  const service = {
    ...ops,
    list: () => list(),
    get: (id: number) => get(id),
    ...orderingOf(ordered),
    ...(remove && {
      remove: async (id: number): Promise<Removal> => {
        const outcome = await remove(id);
        return typeof outcome === "number" ? { deletedCount: outcome } : outcome;
      },
    }),
  };
  return service as unknown as ServiceOf<O>;
}
