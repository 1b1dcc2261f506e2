// Builds the Request objects Remix gives loaders and actions, as a browser would send them.
import { createFirstOwner } from "~/models/owner.server";
import { createOwnerSession } from "~/utils/session.server";

export const ORIGIN = "http://localhost";

export function getRequest(path: string, { cookie }: { cookie?: string } = {}) {
  return new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}

export function formRequest(
  path: string,
  fields: Record<string, string | string[] | Blob>,
  { cookie, method = "POST" }: { cookie?: string; method?: string } = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  const headers = new Headers({ Origin: ORIGIN, "x-folio-client-ip": "203.0.113.7" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { method, body, headers });
}

export function jsonRequest(
  path: string,
  body: unknown,
  {
    cookie,
    method = "POST",
    headers = {},
  }: { cookie?: string; method?: string; headers?: Record<string, string> } = {},
) {
  const h = new Headers({ Origin: ORIGIN, "Content-Type": "application/json", ...headers });
  if (cookie) h.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), {
    method,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: h,
  });
}

/** Turns Set-Cookie headers of a response into a Cookie header for the next request. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export const OWNER = { email: "owner@example.com", password: "correct-horse-battery" };

/** Creates the owner (if missing) and a live session; returns the Cookie header of that session. */
export async function ownerCookie(): Promise<string> {
  const owner = (await createFirstOwner(OWNER.email, OWNER.password)) ?? { id: 1 };
  const setCookie = await createOwnerSession(owner.id);
  return setCookie.split(";")[0];
}

/** Calls a loader/action and returns the Response, whether it was returned or thrown. */
export async function run<T>(fn: () => Promise<T>): Promise<Response> {
  try {
    const result = await fn();
    if (result instanceof Response) return result;
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
