// The client's address, computed in one place: the Express server stamps it on every request
// (CLIENT_IP_HEADER, overwriting whatever a client sent) and its rate limits, the sign-in
// throttle, the contact form's limits and the session records all read that one value.
import { CLIENT_IP_HEADER } from "./http-names.server";

/**
 * The socket's address, or X-Forwarded-For's first hop only behind a trusted proxy
 * (TRUST_PROXY; without it the server has already dropped every X-Forwarded-* header).
 */
export function clientAddress({
  socketAddress,
  forwardedFor,
  trustProxy,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustProxy: boolean;
}): string {
  if (trustProxy) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
    const first = header?.split(",")[0]?.trim();
    if (first) return first;
  }
  return socketAddress || "unknown";
}

/** The client's address as the server stamped it on the request. */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
