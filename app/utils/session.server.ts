import crypto from "node:crypto";
import {
  deleteExpiredSessions,
  deleteOtherOwnerSessions,
  deleteOwnerSession,
  deleteSession,
  findSession,
  insertSession,
  listLiveSessions,
  sessionIdsOf,
  touchSession,
} from "~/models/session.server";
import { SESSION_COOKIE_NAME } from "./http-names.server";
import { lazySignedCookie } from "./signed-cookie.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** The owner session cookie: it holds only a random session id; the session lives in SQLite. */
export const sessionCookie = lazySignedCookie(SESSION_COOKIE_NAME, {
  maxAge: SESSION_MAX_AGE_SECONDS,
  hostPrefix: true,
});

export function newSessionId() {
  return crypto.randomBytes(32).toString("base64url");
}

/** The id of the request's session cookie (not checked against the database). */
export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/** A session's last-seen time is written at most this often (not on every request). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * The owner id of a live session, or null. Expired sessions are removed when seen; a session used
 * again more than a minute after it was last seen gets its `lastSeenAt` moved to now.
 */
export async function getSessionOwnerId(request: Request): Promise<number | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const session = await findSession(id);
  if (!session) return null;
  const now = new Date();
  if (session.expiresAt <= now) {
    await deleteSession(id);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    // Conditional, so parallel requests of the same session write once.
    await touchSession(id, session.lastSeenAt, now);
  }
  return session.ownerId;
}

/** What the security page shows about a session: the browser and the address it started from. */
export type SessionDevice = { userAgent: string; ipAddress: string };

export const USER_AGENT_MAX_LENGTH = 200;

/** Starts a new session (a fresh id at every login) and returns its Set-Cookie header. */
export async function createOwnerSession(
  ownerId: number,
  device: Partial<SessionDevice> = {},
): Promise<string> {
  const id = newSessionId();
  await insertSession({
    id,
    ownerId,
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
    userAgent: (device.userAgent ?? "").slice(0, USER_AGENT_MAX_LENGTH),
    ipAddress: (device.ipAddress ?? "").slice(0, 64),
  });
  await deleteExpiredSessions();
  return sessionCookie().serialize(id);
}

/**
 * A session's public handle: what the security page shows and posts instead of the session id
 * itself (the id is the secret the cookie carries and never leaves the server).
 */
export function sessionHandle(id: string) {
  return crypto.createHash("sha256").update(id).digest("base64url").slice(0, 22);
}

/** The owner's live sessions, the most recently used first. */
export async function listOwnerSessions(ownerId: number) {
  const rows = await listLiveSessions(ownerId);
  return rows.map(({ id, ...rest }) => ({ id, handle: sessionHandle(id), ...rest }));
}

/**
 * Ends the session of this owner whose handle is `handle` (another owner's, an unknown handle or
 * `keepId`'s ends nothing); the count ended.
 */
export async function endOwnerSession(
  ownerId: number,
  handle: string,
  keepId: string,
): Promise<number> {
  const ids = await sessionIdsOf(ownerId);
  const match = ids.find((id) => id !== keepId && sessionHandle(id) === handle);
  return match ? deleteOwnerSession(ownerId, match) : 0;
}

/** Ends every session of this owner except `keepId`; the count ended. */
export async function endOtherOwnerSessions(ownerId: number, keepId: string): Promise<number> {
  return deleteOtherOwnerSessions(ownerId, keepId);
}

/** Deletes the request's session so a copied cookie stops working; returns the clearing Set-Cookie. */
export async function destroyOwnerSession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await deleteSession(id);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
