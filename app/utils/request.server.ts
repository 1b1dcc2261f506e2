import { env } from "./env.server";

/** The client's IP: the socket address, or X-Forwarded-For's first hop only when TRUST_PROXY is set. */
export function clientIp(request: Request): string {
  if (env().TRUST_PROXY) {
    const forwarded = request.headers.get("x-forwarded-for");
    const first = forwarded?.split(",")[0]?.trim();
    if (first) return first;
  }
  return request.headers.get("x-folio-client-ip") ?? "unknown";
}

/** A same-site path to go back to after login; anything else falls back to `fallback`. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
) {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Only printable ASCII: a Location header cannot hold control or non-Latin-1 characters
  // (Headers throws, a 500), and browsers silently drop tabs and newlines from URLs. Our own
  // redirect targets are URL paths, already percent-encoded.
  if (!/^[\x21-\x7e]*$/.test(to)) return fallback;
  return to;
}
