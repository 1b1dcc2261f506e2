// Who is asking, for the Express layer (server/rate-limit.js): the owner's requests (a live
// session, or the API token) are not counted against the anonymous per-address limits. The
// server reads this through the build's entry module (app/entry.server.tsx), and calls it only
// for requests that carry a session cookie or an Authorization header.
import { tokenMatches } from "./api.server";
import { env } from "./env.server";
import { getSessionOwnerId } from "./session.server";

export type CredentialHeaders = { cookie?: string; authorization?: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Whether the headers prove the owner: `Authorization: Bearer <API_TOKEN>` (compared in
 * constant time), or a signed session cookie whose session is alive in the database. A wrong
 * token, a forged or expired cookie, or anything else answers false (never throws).
 */
export async function isOwnerRequest({ cookie, authorization }: CredentialHeaders) {
  try {
    if (authorization) {
      const token = BEARER.exec(authorization.trim())?.[1];
      const expected = env().API_TOKEN;
      return Boolean(token && expected && tokenMatches(token, expected));
    }
    if (!cookie) return false;
    const request = new Request("http://folio.invalid/", { headers: { Cookie: cookie } });
    return (await getSessionOwnerId(request)) !== null;
  } catch {
    return false;
  }
}
