import { env } from "./env.server";

/** The site's public origin: PUBLIC_URL when set, otherwise the request's own origin. */
export function siteUrl(request: Request): string {
  const configured = env().PUBLIC_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/** An absolute URL for a path or an already absolute URL ('' stays ''). */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (!pathOrUrl) return "";
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );
}
