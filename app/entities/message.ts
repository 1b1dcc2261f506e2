import { z } from "zod";
import { requiredText } from "./fields";
import type { RestShape } from "./rest";

/** Length limits of a contact message (the form's maxlength attributes use the same numbers). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** One-line text: line breaks and tabs become spaces (keeps email headers and lists tidy). */
const oneLine = (label: string, max: number) =>
  requiredText(label, max).transform((v) => v.replace(/[\r\n\t]+/g, " "));

/** A contact message as sent by the /contact form or POST /sendmail. All fields are required. */
export const contactSchema = z.object({
  name: oneLine("Name", CONTACT_LIMITS.name),
  email: z
    .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
    .trim()
    .min(1, "Email is required")
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .email("Enter a valid email address"),
  subject: oneLine("Subject", CONTACT_LIMITS.subject),
  // Browsers send a textarea's line breaks as CRLF: stored as LF (and counted so).
  message: z
    .string({ required_error: "Message is required", invalid_type_error: "Message must be text" })
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(requiredText("Message", CONTACT_LIMITS.message)),
});
export type ContactInput = z.infer<typeof contactSchema>;
export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;

/** The contact form's spam traps: a field people never see, and when the form was served. */
export const HONEYPOT_FIELD = "website";
export const FORM_STARTED_FIELD = "formStartedAt";

/** Inbox folders. */
export const MESSAGE_FOLDERS = ["inbox", "archived", "spam"] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];
export const folderSchema = z.enum(MESSAGE_FOLDERS);

/** Email notification states: `sending` is a claimed message whose send is in flight. */
export const NOTIFY_STATUSES = ["pending", "sending", "sent", "failed", "off"] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

/** The inbox's page size. */
export const MESSAGES_PAGE_SIZE = 20;

/** The inbox list of a folder. */
export function messagesUrl(folder: string) {
  return folder === "inbox"
    ? "/dashboard/admin/messages"
    : `/dashboard/admin/messages?folder=${folder}`;
}

/**
 * REST: POST /sendmail, the one public write. Its own handler (app/rest/sendmail.ts) sends the
 * message through the contact pipeline (validation, per-IP rate limit, stored, then emailed).
 */
export const MESSAGE_REST: RestShape = {
  path: "/sendmail",
  tag: "Contact",
  noun: "message",
  handler: "sendmail",
  bodies: { ContactInput: { schema: contactSchema } },
  schemas: {
    MailSent: {
      type: "object",
      properties: { success: { const: true } },
      required: ["success"],
    },
  },
  collection: {
    post: {
      summary:
        "Send a contact message (public; rate limits apply, and the same message sent again within minutes is a 409)",
      body: "ContactInput",
      ok: [201, "MailSent"],
      errors: [409, 429],
      public: true,
    },
  },
};
