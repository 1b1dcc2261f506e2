// Who is asking, for the Express layer (server/rate-limit.ts): the owner's requests (a live
// session, or the API token) are not counted against the anonymous per-address limits. The
// server reads this through the build's entry module (app/entry.server.tsx), and calls it only
// for requests that carry a session cookie or an Authorization header.
import { bearerTokenMatches } from "./api.server";
import { getSessionOwnerId } from "./session.server";

export type CredentialHeaders = { cookie?: string; authorization?: string };

/**
 * Whether the headers prove the owner: `Authorization: Bearer <API_TOKEN>` (compared in
 * constant time), or a signed session cookie whose session is alive in the database. A wrong
 * token, a forged or expired cookie, or anything else answers false (never throws).
 */
export async function isOwnerRequest({ cookie, authorization }: CredentialHeaders) {
  try {
    if (authorization) return bearerTokenMatches(authorization);
    if (!cookie) return false;
    const request = new Request("http://folio.invalid/", { headers: { Cookie: cookie } });
    return (await getSessionOwnerId(request)) !== null;
  } catch {
    return false;
  }
}
