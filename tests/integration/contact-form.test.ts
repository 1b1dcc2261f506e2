import { beforeEach, describe, expect, it } from "vitest";
import { loader as contactLoader } from "~/routes/_site.contact";
import { prisma } from "~/models/db.server";
import { DUPLICATE_MESSAGE, submitContactMessage } from "~/utils/contact.server";
import { readFormStamp } from "~/utils/honeypot.server";
import { cookieFrom, getRequest, run } from "../support/requests";
import { typedValues } from "./admin-crud-support";
import { submitForm, VALID } from "./contact-support";

// No RESEND_API_KEY in this file: messages are stored with notification "off".

/** The loader's arguments for GET /contact (with the cookies a browser would send). */
const page = (cookie?: string) => ({
  request: getRequest("/contact", { cookie }),
  params: {},
  context: {},
});

beforeEach(async () => {
  await prisma.message.deleteMany();
  await prisma.rateLimit.deleteMany();
  await prisma.profile.deleteMany();
});

describe("the /contact page", () => {
  it("shows the owner's email, number and address only when present, and a fresh signed stamp", async () => {
    const empty = await (await run(() => contactLoader(page()))).json();
    expect(empty).toMatchObject({ email: "", number: "", address: "" });
    await prisma.profile.create({
      data: { name: "Alex", email: "hello@example.com", number: "+880 1712", address: "Dhaka" },
    });
    const res = await run(() => contactLoader(page()));
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = await res.json();
    expect(data).toMatchObject({
      email: "hello@example.com",
      number: "+880 1712",
      address: "Dhaka",
    });
    expect(readFormStamp(data.stamp)).toBeGreaterThan(Date.now() - 5000);
  });

  it("stores a valid message in the inbox, then redirects (303) to /contact, which says thank you once", async () => {
    const { status, sent, response } = await submitForm();
    expect(status).toBe(303);
    expect(sent).toBe(true);
    const rows = await prisma.message.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ...VALID,
      folder: "inbox",
      notifyStatus: "off",
      readAt: null,
      ip: "203.0.113.7",
      spamReason: "",
    });
    // The page the redirect leads to shows the spec's text above an empty form, from the flash.
    const flash = cookieFrom(response);
    expect(flash).toMatch(/^folio_toast=/);
    const after = await (await run(() => contactLoader(page(flash)))).json();
    expect(after.sent).toEqual({
      title: "Thank you! Your message has been sent.",
      text: "I will read it soon and reply to you by email.",
    });
    // Without the flash (a later visit: the layout's loader cleared it) there is nothing to say.
    expect((await (await run(() => contactLoader(page()))).json()).sent).toBeNull();
  });

  it("refuses every invalid field with a 400, a message beside the field, and keeps what was typed", async () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ name: "" }, "name", /Name is required/],
      [{ name: "   " }, "name", /Name is required/],
      [{ name: "n".repeat(101) }, "name", /Name must be at most 100 characters/],
      [{ email: "" }, "email", /Email is required/],
      [{ email: "not-an-email" }, "email", /Enter a valid email address/],
      [{ email: `${"e".repeat(250)}@example.com` }, "email", /at most 254/],
      [{ subject: "" }, "subject", /Subject is required/],
      [{ subject: "s".repeat(201) }, "subject", /Subject must be at most 200 characters/],
      [{ message: "" }, "message", /Message is required/],
      [{ message: "m".repeat(5001) }, "message", /Message must be at most 5000 characters/],
    ];
    for (const [fields, field, message] of cases) {
      const { status, body } = await submitForm(fields);
      expect(status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(body.status).toBe("error");
      expect(body.dialog.title).toBe("Your message was not sent.");
      expect(body.error[field]?.[0]).toMatch(message);
      // Only that field has a message ('' is the form's own: the dialog's text).
      expect(Object.keys(body.error).sort()).toEqual(["", field].sort());
      // Every field keeps what was typed, the invalid one included (empty ones are left out).
      expect(body.initialValue).toEqual(typedValues({ ...VALID, ...fields }));
    }
    // Exactly at the limits is fine.
    const atLimit = await submitForm({
      name: "n".repeat(100),
      subject: "s".repeat(200),
      message: "m".repeat(5000),
    });
    expect(atLimit.status).toBe(303);
    expect(await prisma.message.count()).toBe(1);
  });

  it("answers 400 (never 500) for missing fields, wrong types and an unreadable body", async () => {
    const missing = await submitContactMessage({}, { ip: "198.51.100.1", source: "api" });
    expect(missing).toMatchObject({ ok: false, status: 400 });
    expect(!missing.ok && missing.fieldErrors).toEqual({
      name: "Name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    const typed = await submitContactMessage(
      { name: 42, email: ["a@b.co"], subject: { x: 1 }, message: null },
      { ip: "198.51.100.1", source: "api" },
    );
    expect(typed).toMatchObject({ ok: false, status: 400 });
    expect(!typed.ok && typed.fieldErrors?.name).toBe("Name must be text");

    const { action } = await import("~/routes/_site.contact");
    const garbage = await run(() =>
      action({
        request: new Request("http://localhost/contact", {
          method: "POST",
          body: "%%%not a form",
          headers: { "Content-Type": "multipart/form-data; boundary=x" },
        }),
        params: {},
        context: {},
      }),
    );
    expect(garbage.status).toBe(400);
    expect(await prisma.message.count()).toBe(0);
  });

  it("stores the message's line breaks as sent by a browser (CRLF) as LF", async () => {
    const { status } = await submitForm({ message: "Line one\r\nLine two\nLine three" });
    expect(status).toBe(303);
    expect((await prisma.message.findFirstOrThrow()).message).toBe(
      "Line one\nLine two\nLine three",
    );
  });

  it("keeps line breaks in the message and turns them into spaces in name and subject (API)", async () => {
    const result = await submitContactMessage(
      {
        ...VALID,
        name: "Ada\r\nBcc: x@evil.test",
        subject: "Hi\nthere",
        message: "  line 1\nline 2  ",
      },
      { ip: "198.51.100.2", source: "api" },
    );
    expect(result.ok).toBe(true);
    const row = await prisma.message.findFirstOrThrow();
    expect(row.name).toBe("Ada Bcc: x@evil.test");
    expect(row.subject).toBe("Hi there");
    expect(row.message).toBe("line 1\nline 2");
  });
});

describe("the rate limit", () => {
  it("allows 5 messages per IP in 10 minutes, then answers 429 with a readable message", async () => {
    for (let i = 0; i < 5; i++)
      expect((await submitForm({ subject: `Hello ${i}` })).status).toBe(303);
    const blocked = await submitForm({ subject: "One too many" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.dialog.text).toBe(
      "You have sent too many messages. Please try again in 10 minutes.",
    );
    expect(blocked.body.initialValue.subject).toBe("One too many");
    expect(Number(blocked.response.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(await prisma.message.count()).toBe(5);
    // Another visitor is not affected.
    expect((await submitForm({}, { ip: "198.51.100.9" })).status).toBe(303);
  });

  it("does not count refused (invalid) submissions", async () => {
    for (let i = 0; i < 8; i++) expect((await submitForm({ email: "nope" })).status).toBe(400);
    expect((await submitForm()).status).toBe(303);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY (a bot cannot rotate fake addresses)", async () => {
    const { action } = await import("~/routes/_site.contact");
    const { contactRequest, stampAged } = await import("./contact-support");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const request = contactRequest({
        ...VALID,
        subject: `Rotating ${i}`,
        website: "",
        formStartedAt: stampAged(),
      });
      request.headers.set("X-Forwarded-For", `192.0.2.${i}`);
      statuses.push((await run(() => action({ request, params: {}, context: {} }))).status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });

  it("limits the REST path (same pipeline) with a 429 too", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 5; i++)
      expect(
        (await submitContactMessage({ ...VALID, subject: `API ${i}` }, { ip, source: "api" })).ok,
      ).toBe(true);
    const blocked = await submitContactMessage(VALID, { ip, source: "api" });
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    expect(!blocked.ok && blocked.error).toMatch(/too many messages/);
  });
});

describe("the same message sent again", () => {
  it("is refused with a 409 that says it arrived, keeping what was typed; nothing is stored twice", async () => {
    expect((await submitForm()).status).toBe(303);
    const again = await submitForm();
    expect(again.status).toBe(409);
    expect(again.body.dialog).toEqual({
      kind: "info",
      title: "This message was already sent.",
      text: DUPLICATE_MESSAGE,
    });
    expect(again.body.initialValue).toEqual(typedValues(VALID));
    // Same visitor by email from another address, with other spacing and case: the same message.
    const reworded = await submitForm(
      {
        subject: `  ${VALID.subject.toUpperCase()} `,
        message: VALID.message.replace(/ /g, "\n  "),
      },
      { ip: "198.51.100.20" },
    );
    expect(reworded.status).toBe(409);
    // Same address, another email: still the same visitor.
    expect((await submitForm({ email: "other@example.com" })).status).toBe(409);
    expect(await prisma.message.count()).toBe(1);

    // Another text from the same visitor, or the same text from someone else, is sent.
    expect((await submitForm({ message: "A second question." })).status).toBe(303);
    expect((await submitForm({ email: "bob@example.com" }, { ip: "198.51.100.21" })).status).toBe(
      303,
    );
    expect(await prisma.message.count()).toBe(3);
  });

  it("does not use up the rate limit, and is sent again once the window has passed", async () => {
    expect((await submitForm()).status).toBe(303);
    for (let i = 0; i < 6; i++) expect((await submitForm()).status).toBe(409);
    for (let i = 1; i < 5; i++)
      expect((await submitForm({ subject: `Next ${i}` })).status).toBe(303);
    expect(await prisma.message.count()).toBe(5);

    // CONTACT_DUPLICATE_WINDOW_MS (10 minutes) later, the same text is a new message.
    await prisma.rateLimit.deleteMany();
    const later = Date.now() + 10 * 60_000 + 1_000;
    const result = await submitContactMessage(VALID, {
      ip: "203.0.113.7",
      source: "api",
      now: later,
    });
    expect(result.ok).toBe(true);
  });

  it("POST /sendmail's pipeline answers the same message again with a 409", async () => {
    const ip = "198.51.100.30";
    expect((await submitContactMessage(VALID, { ip, source: "api" })).ok).toBe(true);
    expect(await submitContactMessage(VALID, { ip, source: "api" })).toEqual({
      ok: false,
      status: 409,
      error: DUPLICATE_MESSAGE,
    });
    expect(await prisma.message.count()).toBe(1);
  });
});
