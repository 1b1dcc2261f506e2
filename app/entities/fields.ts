import { z } from "zod";

/** Trimmed text, required, with a max length and a person-readable message. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Trimmed optional text ('' when absent). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => v ?? "");

const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** An http(s) URL, or '' when absent. Anything else (javascript:, data:) is refused. */
export const optionalUrl = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine(
      (v) => v === "" || HTTP_URL.test(v),
      `${label} must be a full URL starting with http:// or https://`,
    )
    .optional()
    .nullable()
    .transform((v) => v ?? "");

/** An image reference: an uploaded image (/images/KEY) or an http(s) URL; '' when absent. */
export const IMAGE_PATH = /^\/images\/[A-Za-z0-9_-]{8,64}$/;
export const optionalImage = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine(
      (v) => v === "" || HTTP_URL.test(v) || IMAGE_PATH.test(v),
      `${label} must be an uploaded image or a URL starting with http:// or https://`,
    )
    .optional()
    .nullable()
    .transform((v) => v ?? "");

/** A positive integer id from a URL or body (`"12"` or `12`). */
export const idSchema = z.coerce
  .number({ invalid_type_error: "The id must be a number" })
  .int("The id must be a whole number")
  .positive("The id must be a positive number")
  .max(2_147_483_647, "The id is too large");

/** Parses a route param id; null when it is not a valid id (callers answer 404). */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether any key of `next` differs from `current` (for the spec's modifiedCount / 'No Changes Made'). */
export function hasChanges<T extends Record<string, unknown>>(
  current: T,
  next: Partial<T>,
): boolean {
  return Object.entries(next).some(([key, value]) => {
    const before = current[key];
    if (Array.isArray(value) || Array.isArray(before))
      return JSON.stringify(before) !== JSON.stringify(value);
    return before !== value;
  });
}

export type UpdateResult = { matchedCount: 0 | 1; modifiedCount: 0 | 1 };
