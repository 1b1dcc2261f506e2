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

/** Submits the /contact form (a person's submission unless the fields say otherwise). */
export async function submitForm(
  fields: Record<string, string> = {},
  { ip = "203.0.113.7", stamp = stampAged() }: { ip?: string; stamp?: string | null } = {},
) {
  const all: Record<string, string> = { ...VALID, website: "", ...fields };
  if (stamp !== null) all.formStartedAt ??= stamp;
  const response = await run(() =>
    contactAction({ request: contactRequest(all, ip), params: {}, context: {} }),
  );
  return { response, status: response.status, body: await response.clone().json() };
}
