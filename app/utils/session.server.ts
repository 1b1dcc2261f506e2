import { createCookie } from "@remix-run/node";
import crypto from "node:crypto";
import { prisma } from "./db.server";
import { cookiesSecure, env } from "./env.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The owner session cookie: it holds only a random session id; the session lives in SQLite. */
export function sessionCookie() {
  cookie ??= createCookie(cookiesSecure() ? "__Host-folio_session" : "folio_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesSecure(),
    secrets: env().sessionSecrets,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return cookie;
}

export function newSessionId() {
  return crypto.randomBytes(32).toString("base64url");
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/** The owner id of a live session, or null. Expired sessions are removed when seen. */
export async function getSessionOwnerId(request: Request): Promise<number | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const session = await prisma.session.findUnique({
    where: { id },
    select: { ownerId: true, expiresAt: true },
  });
  if (!session) return null;
  if (session.expiresAt <= new Date()) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  return session.ownerId;
}

/** Starts a new session (a fresh id at every login) and returns its Set-Cookie header. */
export async function createOwnerSession(ownerId: number): Promise<string> {
  const id = newSessionId();
  await prisma.session.create({
    data: { id, ownerId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  await prisma.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return sessionCookie().serialize(id);
}

/** Deletes the request's session so a copied cookie stops working; returns the clearing Set-Cookie. */
export async function destroyOwnerSession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await prisma.session.deleteMany({ where: { id } });
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
