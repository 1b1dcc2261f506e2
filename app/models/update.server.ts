import { hasChanges, type UpdateResult } from "~/entities/fields";

/**
 * The spec's update answer for the record read as `current`: matchedCount 0 when it does not
 * exist, modifiedCount 0 when `input` changes nothing (then nothing is written), else `save`
 * writes it.
 */
export async function updateIfChanged<T extends Record<string, unknown>>(
  current: T | null,
  input: Partial<T>,
  save: () => Promise<unknown>,
): Promise<UpdateResult> {
  if (!current) return { matchedCount: 0, modifiedCount: 0 };
  if (!hasChanges(current, input)) return { matchedCount: 1, modifiedCount: 0 };
  await save();
  return { matchedCount: 1, modifiedCount: 1 };
}
