// What every entity's service (app/entities/<name>.server.ts) offers. The dashboard's actions and
// the REST handlers (app/rest/) both call these operations, so a rule such as "delete the images
// a project no longer uses" is written once. Services take plain input (already validated), never
// a Request or FormData; models (app/models/) do the database work.
import { moveItem, setOrder, type Direction } from "~/models/ordering.server";
import type { OrderedModel } from "./entity";
import type { UpdateResult } from "./fields";

/** Who asks: the owner also sees drafts. */
export type Reader = { owner: boolean };

/** Field messages a create answers instead of creating (e.g. a duplicate name). */
export type Refusal = { fieldErrors: Record<string, string> };

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "fieldErrors" in value;
}

/** What a delete did: the spec's deletedCount, or how many records still use it (nothing deleted). */
export type Removal = { deletedCount: number; blockedBy?: number };

export type EntityService<Row extends { id: number }, Input> = {
  list: (reader: Reader) => Promise<Row[]>;
  get: (id: number, reader: Reader) => Promise<Row | null>;
  create?: (input: Input) => Promise<{ id: number } | Refusal>;
  update?: (id: number, input: Input) => Promise<UpdateResult>;
  remove?: (id: number) => Promise<Removal>;
  /** Moves one record a step (false when it does not exist). */
  move?: (id: number, direction: Direction) => Promise<boolean>;
  /** Sets the whole order (drag and drop); the order written. */
  setOrder?: (ids: number[]) => Promise<number[]>;
};

/** A delete that answers the count only, as a Removal. */
export const removal =
  (remove: (id: number) => Promise<number>) =>
  async (id: number): Promise<Removal> => ({ deletedCount: await remove(id) });

/** The reorder operations of an ordered table. */
export const orderingOf = (model: OrderedModel) => ({
  move: (id: number, direction: Direction) => moveItem(model, id, direction),
  setOrder: (ids: number[]) => setOrder(model, ids),
});
