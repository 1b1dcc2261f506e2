import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/models/db.server";
import {
  idempotencyKeyOf,
  notificationsIdle,
  notifyMessage,
  processDueNotifications,
  retryDelayMs,
} from "~/utils/notifier.server";
import { createFormStamp } from "~/utils/honeypot.server";
import { BROWSER_HEADERS, submitForm, VALID } from "./contact-support";

// Email notification on: Resend's HTTP API is mocked with MSW (nothing leaves the machine).
process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_FROM = "Folio <folio@example.com>";
delete process.env.RESEND_BASE_URL;

type Seen = { body: Record<string, unknown>; key: string | null; auth: string | null };
let seen: Seen[] = [];
/** What the mocked Resend answers next (default: accepted). */
let answer: (n: number) => Promise<Response> | Response = () =>
  HttpResponse.json({ id: "email-ok" });
const hanging: Array<() => void> = [];

const resend = setupServer(
  http.post("https://api.resend.com/emails", async ({ request }) => {
    seen.push({
      body: (await request.json()) as Record<string, unknown>,
      key: request.headers.get("Idempotency-Key"),
      auth: request.headers.get("Authorization"),
    });
    return answer(seen.length);
  }),
);

beforeAll(() => resend.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  for (const release of hanging) release();
  await notificationsIdle();
  resend.close();
});
beforeEach(async () => {
  await notificationsIdle();
  seen = [];
  answer = () => HttpResponse.json({ id: "email-ok" });
  await prisma.message.deleteMany();
  await prisma.rateLimit.deleteMany();
  await prisma.profile.deleteMany();
  await prisma.profile.create({ data: { name: "Owner", email: "owner-inbox@example.com" } });
});
afterEach(() => resend.resetHandlers());

const onlyMessage = () => prisma.message.findFirstOrThrow();

describe("email notification through Resend", () => {
  it("sends the stored message to the owner: to, from, Reply-To the visitor, subject and idempotency key", async () => {
    const { status } = await submitForm();
    expect(status).toBe(303);
    await notificationsIdle();
    expect(seen).toHaveLength(1);
    const row = await onlyMessage();
    expect(seen[0].auth).toBe("Bearer re_test_key");
    expect(seen[0].key).toBe(idempotencyKeyOf(row));
    expect(seen[0].key).toBe(`folio-message-${row.id}-${row.createdAt.getTime()}`);
    expect(seen[0].body).toMatchObject({
      from: "Folio <folio@example.com>",
      to: "owner-inbox@example.com",
      reply_to: VALID.email,
      subject: `New message: ${VALID.subject}`,
    });
    expect(String(seen[0].body.text)).toContain(VALID.message);
    expect(seen[0].body.html).toBeUndefined();
    expect(row).toMatchObject({ notifyStatus: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("Resend answering 500 then recovering: retried after the backoff, exactly one email, the same key", async () => {
    answer = (n) =>
      n === 1
        ? HttpResponse.json(
            { statusCode: 500, name: "internal_server_error", message: "Resend is down" },
            { status: 500 },
          )
        : HttpResponse.json({ id: "email-2" });
    const { status, sent } = await submitForm();
    expect(status).toBe(303);
    expect(sent).toBe(true);
    await notificationsIdle();
    let row = await onlyMessage();
    expect(row.notifyStatus).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/500.*Resend is down/);
    const delay = row.nextAttemptAt!.getTime() - Date.now();
    expect(delay).toBeGreaterThan(retryDelayMs(1) - 5000);
    expect(delay).toBeLessThanOrEqual(retryDelayMs(1));

    // Not due yet: nothing is sent.
    expect(await processDueNotifications()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(seen).toHaveLength(1);
    // Once the backoff passed, the retry goes out and succeeds.
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await processDueNotifications({ now: later })).toEqual({
      sent: 1,
      failed: 0,
      skipped: 0,
    });
    row = await onlyMessage();
    expect(row).toMatchObject({ notifyStatus: "sent", attempts: 2, lastError: null });
    expect(seen).toHaveLength(2);
    expect(seen[1].key).toBe(seen[0].key);
    // Sent means done: no further attempt, ever.
    await processDueNotifications({ now: new Date(Date.now() + 86_400_000) });
    expect(seen).toHaveLength(2);
    expect(seen.filter((_, i) => i > 0)).toHaveLength(1); // one accepted email
  });

  it("the same POST sent twice (a replay after sending) is stored and emailed once", async () => {
    expect((await submitForm()).status).toBe(303);
    expect((await submitForm()).status).toBe(409);
    await notificationsIdle();
    expect(await prisma.message.count()).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it("Resend hanging: the visitor's answer does not wait for it", { timeout: 2_000 }, async () => {
    answer = () =>
      new Promise<Response>((resolve) =>
        hanging.push(() => resolve(HttpResponse.json({ id: "late" }))),
      );
    const { status, sent } = await submitForm();
    expect(status).toBe(303);
    expect(sent).toBe(true);
    const row = await onlyMessage();
    // Stored and committed before the answer; the send is in flight (claimed).
    expect(["pending", "sending"]).toContain(row.notifyStatus);
    // Resend finally answers: the message is marked sent.
    await vi.waitFor(() => expect(hanging).toHaveLength(1));
    for (const release of hanging.splice(0)) release();
    await notificationsIdle();
    expect((await onlyMessage()).notifyStatus).toBe("sent");
  });

  it("a send that does not answer in time counts as failed and is retried later", async () => {
    answer = () => new Promise<Response>((resolve) => hanging.push(() => resolve(new Response())));
    const row = await prisma.message.create({
      data: { ...VALID, ip: "x", notifyStatus: "pending" },
    });
    const result = await notifyMessage(row.id, { timeoutMs: 200 });
    expect(result).toBe("failed");
    const after = await onlyMessage();
    expect(after.notifyStatus).toBe("failed");
    expect(after.lastError).toMatch(/did not answer within 200 ms/);
    expect(after.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("claims atomically: two workers racing for one message send it once", async () => {
    const row = await prisma.message.create({
      data: { ...VALID, ip: "x", notifyStatus: "pending" },
    });
    const results = await Promise.all([
      notifyMessage(row.id),
      notifyMessage(row.id),
      processDueNotifications(),
    ]);
    expect(seen).toHaveLength(1);
    expect(results.filter((r) => r === "sent")).toHaveLength(1);
    expect((await onlyMessage()).notifyStatus).toBe("sent");
  });

  it("retries a send whose claim was left behind by a crash once its lease expired", async () => {
    const row = await prisma.message.create({
      data: {
        ...VALID,
        ip: "x",
        notifyStatus: "sending",
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 30_000),
      },
    });
    expect(await processDueNotifications()).toMatchObject({ sent: 0 });
    expect(await processDueNotifications({ now: new Date(Date.now() + 31_000) })).toMatchObject({
      sent: 1,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].key).toBe(idempotencyKeyOf(row));
  });

  it("with no recipient (no CONTACT_TO_EMAIL, no profile email) the message is kept and marked failed", async () => {
    await prisma.profile.deleteMany();
    await submitForm();
    await notificationsIdle();
    const row = await onlyMessage();
    expect(row.notifyStatus).toBe("failed");
    expect(row.lastError).toMatch(/No recipient/);
    expect(seen).toHaveLength(0);
  });

  it("does not email messages in the spam folder", async () => {
    await prisma.message.create({
      data: { ...VALID, ip: "x", folder: "spam", notifyStatus: "pending" },
    });
    expect(await processDueNotifications()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(seen).toHaveLength(0);
  });
});

describe("bots", () => {
  // Stamps are made when each test runs (the form was served "now"). Each case: the fields, the
  // stamp, the request's headers, and the reason the owner reads on the message.
  const botCases: Array<
    [string, Record<string, string>, () => string | null, Record<string, string>, RegExp]
  > = [
    [
      "fills the honeypot",
      { website: "http://spam.example" },
      () => createFormStamp(Date.now() - 60_000),
      BROWSER_HEADERS,
      /^The hidden field that people never see \(and bots fill in\) was filled in\.$/,
    ],
    [
      "sends sooner than the minimum fill time, from a program",
      { subject: "Hi", message: "Hello" },
      () => createFormStamp(Date.now() - 500),
      {},
      /^Sent 0\.[5-9] s after the form was opened, and it came without a User-Agent \(not a browser\)\.$/,
    ],
    [
      "sends sooner than the minimum fill time, with links",
      { message: "Cheap pills at https://pills.example and www.pills.example" },
      () => createFormStamp(Date.now() - 1200),
      BROWSER_HEADERS,
      /^Sent 1\.[2-9] s after the form was opened, and the message contains 2 links and its subject and message hold 75 characters \(more than a person types in that time\)\.$/,
    ],
    [
      "sends without the form's stamp",
      {},
      () => null,
      BROWSER_HEADERS,
      /^The form's time stamp is missing: it was not sent from this site's contact page\.$/,
    ],
    [
      "forges the stamp",
      {},
      () => `${Date.now() - 60_000}.forged-signature`,
      BROWSER_HEADERS,
      /^The form's time stamp is forged/,
    ],
    [
      "sends a stamp from the future",
      {},
      () => createFormStamp(Date.now() + 60_000),
      BROWSER_HEADERS,
      /^The form's time stamp lies in the future: it was forged\.$/,
    ],
  ];
  for (const [label, fields, stamp, headers, reason] of botCases) {
    it(`a bot that ${label} is answered like a person, stored as spam with why, and no email is sent`, async () => {
      const { status, sent } = await submitForm(fields, { stamp: stamp(), headers });
      expect(status).toBe(303);
      expect(sent).toBe(true);
      await notificationsIdle();
      const row = await onlyMessage();
      expect(row).toMatchObject({ folder: "spam", notifyStatus: "off" });
      expect(row.spamReason).toMatch(reason);
      expect(seen).toHaveLength(0);
    });
  }

  it("a person whose browser filled the form in at once (autofill) reaches the inbox", async () => {
    const { status } = await submitForm(
      { subject: "Hi", message: "Call me back?" },
      { stamp: createFormStamp(Date.now() - 600), headers: BROWSER_HEADERS },
    );
    expect(status).toBe(303);
    await notificationsIdle();
    expect(await onlyMessage()).toMatchObject({ folder: "inbox", spamReason: "" });
    expect(seen).toHaveLength(1);
  });

  it("the REST path has no form stamp and is not judged by it", async () => {
    const { submitContactMessage } = await import("~/utils/contact.server");
    const result = await submitContactMessage(VALID, { ip: "198.51.100.4", source: "api" });
    expect(result.ok).toBe(true);
    await notificationsIdle();
    expect((await onlyMessage()).folder).toBe("inbox");
    expect(seen).toHaveLength(1);
  });
});
