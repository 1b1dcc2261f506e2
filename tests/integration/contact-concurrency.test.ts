import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/models/db.server";
import { notificationsIdle } from "~/utils/notifier.server";
import { submitForm } from "./contact-support";

process.env.RESEND_API_KEY = "re_test_key";
process.env.CONTACT_TO_EMAIL = "owner@example.com";

const keys: string[] = [];
const resend = setupServer(
  http.post("https://api.resend.com/emails", async ({ request }) => {
    keys.push(request.headers.get("Idempotency-Key") ?? "");
    await new Promise((r) => setTimeout(r, 5));
    return HttpResponse.json({ id: `email-${keys.length}` });
  }),
);
beforeAll(() => resend.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  await notificationsIdle();
  resend.close();
});

describe("100 visitors at once", () => {
  it("stores exactly the messages it answered with success, without 'database is locked', and emails each once", async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => {
      errors.push(args.map(String).join(" "));
    });
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => {
      errors.push(args.map(String).join(" "));
    });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) =>
          submitForm(
            { subject: `Concurrent ${i}` },
            { ip: `10.0.${Math.floor(i / 250)}.${i % 250}` },
          ),
        ),
      );
      const rejected = results.filter((r) => r.status === "rejected");
      expect(rejected.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const answers = results.map((r) => (r as PromiseFulfilledResult<{ status: number }>).value);
      const successes = answers.filter((a) => a.status === 303).length;
      expect(answers.every((a) => a.status === 303 || a.status === 429)).toBe(true);
      expect(await prisma.message.count({ where: { folder: "inbox" } })).toBe(successes);
      expect(successes).toBe(100);

      await notificationsIdle();
      expect(await prisma.message.count({ where: { notifyStatus: "sent" } })).toBe(100);
      expect(keys).toHaveLength(100);
      expect(new Set(keys).size).toBe(100);
      expect(errors.filter((e) => /locked|busy/i.test(e))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      spy.mockRestore();
      warn.mockRestore();
    }
  });
});
