// Uploads kept after a refused form (no JavaScript): the images a refused submit stored are
// shown as "already uploaded" and sent back in hidden `kept-<input>` fields, so fixing the bad
// field and saving again needs no new pick. Client-safe names; the server side is
// kept-uploads.server.ts.
import { imageKeyFromRef } from "./image-variants";

/** The hidden field carrying the kept uploads of the file input `field`. */
export const keptFieldName = (field: string) => `kept-${field}`;
/** A checkbox (one per kept upload, its value the reference): do not use this upload. */
export const REMOVE_KEPT = "removeKept";

/** The `/images/KEY` references a refused form's typed values hold for the file input `field`. */
export function keptRefsOf(typed: Record<string, unknown> | undefined, field: string): string[] {
  const value = typed?.[field];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(
    (ref): ref is string => typeof ref === "string" && imageKeyFromRef(ref) !== null,
  );
}
