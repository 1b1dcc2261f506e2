import { createCookie, type Cookie } from "@remix-run/node";
import type { z } from "zod";
import { cookiesSecure, env } from "./env.server";

/**
 * A signed (HMAC with the session secrets), HttpOnly, SameSite=Lax cookie, made on first use so
 * the environment is read once it has been validated. `hostPrefix` names it `__Host-<name>` when
 * cookies are secure (the prefix needs `Path=/`).
 */
export function lazySignedCookie(
  name: string,
  {
    maxAge,
    path = "/",
    hostPrefix = false,
  }: { maxAge: number; path?: string; hostPrefix?: boolean },
): () => Cookie {
  let cookie: Cookie | undefined;
  return () =>
    (cookie ??= createCookie(hostPrefix && cookiesSecure() ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: "lax",
      path,
      secure: cookiesSecure(),
      secrets: env().sessionSecrets,
      maxAge,
    }));
}

/**
 * The request's value of a signed cookie when its signature checks out with a current secret and
 * it has the expected shape; null otherwise (absent, forged, malformed). Never throws.
 */
export async function readSignedCookie<T>(
  cookie: Cookie,
  request: Request,
  schema: z.ZodType<T>,
): Promise<T | null> {
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
