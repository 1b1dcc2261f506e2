// Shared by the contact-*.test.ts files: building contact form requests as a browser sends them.
import { action as contactAction } from "~/routes/_site.contact";
import { createFormStamp } from "~/utils/honeypot.server";
import { ORIGIN, run } from "../support/requests";

export const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "A project for you",
  message: "Hello! I would like to talk about a website.",
};

/** A form stamp as the page would have served it `ageMs` ago (a person took that long to type). */
export const stampAged = (ageMs = 10_000) => createFormStamp(Date.now() - ageMs);

export function contactRequest(fields: Record<string, string>, ip = "203.0.113.7") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(new URL("/contact", ORIGIN), {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, "x-folio-client-ip": ip },
  });
}

/** A browser's headers (a person's submission carries them; see app/utils/spam-rules.ts). */
export const BROWSER_HEADERS = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Accept-Language": "en-GB,en;q=0.9",
};

/**
 * Submits the /contact form (a person's submission unless the fields say otherwise). A message
 * sent is a 303 to /contact (`sent`: true, no body); a refusal is a form result (`body`).
 */
export async function submitForm(
  fields: Record<string, string> = {},
  {
    ip = "203.0.113.7",
    stamp = stampAged(),
    headers = {},
  }: { ip?: string; stamp?: string | null; headers?: Record<string, string> } = {},
) {
  const all: Record<string, string> = { ...VALID, website: "", ...fields };
  if (stamp !== null) all.formStartedAt ??= stamp;
  const request = contactRequest(all, ip);
  for (const [k, v] of Object.entries(headers)) request.headers.set(k, v);
  const response = await run(() => contactAction({ request, params: {}, context: {} }));
  const sent = response.status === 303 && response.headers.get("Location") === "/contact";
  return {
    response,
    status: response.status,
    sent,
    body: sent ? null : await response.clone().json(),
  };
}
