// Reads an admin list's query string with zod: `q` (trimmed, cut to SEARCH_MAX_LENGTH), `page`
// (a whole number from 1) and the list's own filters, each one of its allowed values. Anything
// else (garbage, a repeated or unknown value) falls back to "not set": a list never answers 4xx
// or 5xx for its query string.
import { z } from "zod";
import { SEARCH_MAX_LENGTH, type ListQuery } from "./list-query";

const searchSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim())
  .catch("");

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/**
 * The query of `request`'s URL. `filters` names each filter and its allowed values (compared
 * ignoring case, answered in the spelling given here).
 */
export function parseListQuery<F extends string = never>(
  request: Request,
  filters: Record<F, readonly string[]> = {} as Record<F, readonly string[]>,
): ListQuery<F> {
  const params = new URL(request.url).searchParams;
  const parsed = {} as Record<F, string>;
  for (const [name, allowed] of Object.entries(filters) as Array<[F, readonly string[]]>) {
    const value = (params.get(name) ?? "").trim().toLowerCase();
    parsed[name] = allowed.find((option) => option.toLowerCase() === value) ?? "";
  }
  return {
    q: searchSchema.parse(params.get("q") ?? ""),
    page: pageSchema.parse(params.get("page") ?? "1"),
    filters: parsed,
  };
}
