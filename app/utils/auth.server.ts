import { redirect, replace } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getOwnerById, verifyOwnerLogin, type OwnerIdentity } from "~/models/owner.server";
import { loginSchema } from "./password-rules";
import { clientIp } from "./request.server";
import {
  createOwnerSession,
  destroyOwnerSession,
  getSessionOwnerId,
  readSessionId,
} from "./session.server";

export const OWNER_STRATEGY = "owner-password";

/** A login refused for a reason the visitor may read (never which of email/password was wrong). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<"email" | "password", string>> = {},
  ) {
    super(message);
  }
}

export { loginSchema };

export const INVALID_LOGIN_INPUT = "Please fill in a valid email and password.";

/** The login form's email and password, or the refusal naming what is wrong with them. */
export function parseLoginForm(form: FormData) {
  const parsed = loginSchema.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (parsed.success) return { success: true as const, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  return { success: false as const, error: new LoginError(INVALID_LOGIN_INPUT, fieldErrors) };
}

export const authenticator = new Authenticator<OwnerIdentity>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = parseLoginForm(form);
    if (!parsed.success) throw parsed.error;
    const owner = await verifyOwnerLogin(parsed.data.email, parsed.data.password);
    if (!owner) throw new LoginError("Invalid email or password.");
    return owner;
  }),
  OWNER_STRATEGY,
);

/** The signed-in owner, or null. */
export async function getOwner(request: Request): Promise<OwnerIdentity | null> {
  const ownerId = await getSessionOwnerId(request);
  return ownerId === null ? null : getOwnerById(ownerId);
}

/**
 * Call at the top of EVERY dashboard loader and action (a parent layout does not protect its
 * children). Anonymous requests are sent to /login (replacing the history entry) with a way back.
 */
export async function requireOwner(request: Request): Promise<OwnerIdentity> {
  const owner = await getOwner(request);
  if (owner) return owner;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams({ redirectTo: back });
  throw replace(`/login?${params.toString()}`);
}

/** requireOwner, plus the id of the session the request signed in with (the security page). */
export async function requireOwnerSession(
  request: Request,
): Promise<{ owner: OwnerIdentity; sessionId: string }> {
  const owner = await requireOwner(request);
  // requireOwner let it through, so the request carries a live session's id.
  const sessionId = (await readSessionId(request)) as string;
  return { owner, sessionId };
}

/** Same as requireOwner for document-free callers: throws a 401 JSON response instead of a redirect. */
export async function requireOwnerJson(request: Request): Promise<OwnerIdentity> {
  const owner = await getOwner(request);
  if (owner) return owner;
  throw Response.json(
    { success: false, error: "Sign in as the owner to do this." },
    { status: 401 },
  );
}

/** Starts a session for `owner`, recording the browser and address it was started from. */
export async function startSession(owner: OwnerIdentity, request: Request) {
  return createOwnerSession(owner.id, {
    userAgent: request.headers.get("User-Agent") ?? "",
    ipAddress: clientIp(request),
  });
}

export async function endSession(request: Request) {
  return destroyOwnerSession(request);
}

export async function redirectIfSignedIn(request: Request) {
  if (await getOwner(request)) throw redirect("/dashboard");
}
