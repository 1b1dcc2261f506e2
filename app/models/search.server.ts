// Search and paging for the admin lists. A search matches any of a table's text columns with
// SQLite's LIKE (case-insensitive for ASCII letters), with `%`, `_` and `\` in the words taken
// literally; every word must match (in any of the columns).
import { prisma } from "./db.server";
import { LIST_PAGE_SIZE, type ListPage } from "~/utils/list-query";

/** `%word%` with LIKE's wildcards escaped (ESCAPE '\'). */
export function likePattern(word: string) {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The Prisma `where` of the rows of `table` whose `columns` contain every word of `q` (an empty
 * `q` matches everything). Table and column names are the code's, never the request's.
 */
export async function searchWhere(
  table: string,
  columns: readonly string[],
  q: string,
): Promise<{ id?: { in: number[] } }> {
  const words = q.split(" ").filter(Boolean);
  if (words.length === 0) return {};
  const anyColumn = `(${columns.map((c) => `"${c}" LIKE ? ESCAPE '\\'`).join(" OR ")})`;
  const sql = `SELECT id FROM "${table}" WHERE ${words.map(() => anyColumn).join(" AND ")}`;
  const args = words.flatMap((word) => columns.map(() => likePattern(word)));
  const rows = await prisma.$queryRawUnsafe<Array<{ id: number | bigint }>>(sql, ...args);
  return { id: { in: rows.map((r) => Number(r.id)) } };
}

/**
 * One page of a list: `count` the matching rows, then `fetch` the page (a page past the end
 * gives the last one).
 */
export async function pageOf<T>(
  requested: number,
  count: () => Promise<number>,
  fetch: (skip: number, take: number) => Promise<T[]>,
  pageSize = LIST_PAGE_SIZE,
): Promise<ListPage<T>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  const items = await fetch((page - 1) * pageSize, pageSize);
  return { items, total, page, pageCount };
}

/**
 * The name another row of `table` (not `exceptId`) already has, ignoring case and surrounding
 * spaces, or null: a skill or category name is unique that way.
 */
export async function takenName(
  table: "Skill" | "Category",
  name: string,
  exceptId = 0,
): Promise<string | null> {
  const rows = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT name FROM "${table}" WHERE trim(name) = trim(?) COLLATE NOCASE AND id <> ? LIMIT 1`,
    name,
    exceptId,
  );
  return rows[0]?.name ?? null;
}
