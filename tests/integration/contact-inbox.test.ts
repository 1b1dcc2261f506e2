import { beforeEach, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as dashboardHomeLoader } from "~/routes/dashboard._index";
import { loader as listLoader } from "~/routes/dashboard.admin.messages._index";
import {
  action as messageAction,
  loader as messageLoader,
} from "~/routes/dashboard.admin.messages.$id";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/dashboard.admin.messages.$id_.delete";
import { prisma } from "~/models/db.server";
import { getToast } from "~/utils/toast.server";
import { cookieFrom, formRequest, getRequest, ownerCookie, run } from "../support/requests";

let cookie: string;
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

async function seedMessages(count: number, folder = "inbox") {
  const base = Date.UTC(2026, 0, 1);
  for (let i = 1; i <= count; i++) {
    await prisma.message.create({
      data: {
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        subject: `Subject ${i}`,
        message: `Body of message ${i}. `.repeat(20),
        folder,
        notifyStatus: i % 2 ? "sent" : "failed",
        attempts: i % 2 ? 1 : 3,
        createdAt: new Date(base + i * 60_000),
      },
    });
  }
}

const list = async (query = "") =>
  (
    await run(() => listLoader(args(getRequest(`/dashboard/admin/messages${query}`, { cookie }))))
  ).json();

beforeEach(async () => {
  await prisma.message.deleteMany();
  cookie = await ownerCookie();
});

describe("the inbox", () => {
  it("lists newest first with name, email, subject, date, a short preview, unread mark and notification status", async () => {
    await seedMessages(3);
    const data = await list();
    expect(data.folder).toBe("inbox");
    expect(data.items.map((m: { subject: string }) => m.subject)).toEqual([
      "Subject 3",
      "Subject 2",
      "Subject 1",
    ]);
    const [first, second] = data.items;
    expect(first).toMatchObject({
      name: "Visitor 3",
      email: "v3@example.com",
      unread: true,
      notify: "Email sent",
      dateLabel: "1 Jan 2026, 00:03 UTC",
    });
    expect(second.notify).toBe("Email failed (3 attempts)");
    expect(first.preview.length).toBeLessThanOrEqual(120);
    expect(first.preview).toMatch(/^Body of message 3\. Body/);
    expect(first.preview.endsWith("…")).toBe(true);
    expect(data.counts).toEqual({ inbox: 3, archived: 0, spam: 0 });
  });

  it("paginates past 20 (?page=), and a page past the end shows the last page", async () => {
    await seedMessages(25);
    const one = await list();
    expect(one.items).toHaveLength(20);
    expect(one).toMatchObject({ page: 1, pageCount: 2, total: 25 });
    const two = await list("?page=2");
    expect(two.items.map((m: { subject: string }) => m.subject)).toEqual([
      "Subject 5",
      "Subject 4",
      "Subject 3",
      "Subject 2",
      "Subject 1",
    ]);
    expect((await list("?page=99")).page).toBe(2);
    expect((await list("?page=abc")).page).toBe(1);
    expect((await list("?page=-3")).page).toBe(1);
  });

  it("filters by folder: inbox, archived, spam (unknown folders show the inbox)", async () => {
    await seedMessages(2);
    await seedMessages(1, "archived");
    await seedMessages(4, "spam");
    expect((await list("?folder=archived")).items).toHaveLength(1);
    expect((await list("?folder=spam")).items).toHaveLength(4);
    const unknown = await list("?folder=<script>");
    expect(unknown.folder).toBe("inbox");
    expect(unknown.items).toHaveLength(2);
  });

  it("opening a message shows it in full and marks it read; the unread count follows", async () => {
    await seedMessages(2);
    const dash = async () =>
      (await (await run(() => dashboardLoader(args(getRequest("/dashboard", { cookie }))))).json())
        .unreadMessages;
    const home = async () =>
      (
        await (
          await run(() => dashboardHomeLoader(args(getRequest("/dashboard", { cookie }))))
        ).json()
      ).unreadMessages;
    expect(await dash()).toBe(2);
    expect(await home()).toBe(2);
    const target = await prisma.message.findFirstOrThrow({ where: { subject: "Subject 2" } });
    const res = await run(() =>
      messageLoader(
        args(getRequest(`/dashboard/admin/messages/${target.id}`, { cookie }), {
          id: String(target.id),
        }),
      ),
    );
    expect(res.status).toBe(200);
    const { message } = await res.json();
    expect(message.body).toBe(target.message);
    expect(message).toMatchObject({ name: "Visitor 2", email: "v2@example.com", folder: "inbox" });
    expect(
      (await prisma.message.findUniqueOrThrow({ where: { id: target.id } })).readAt,
    ).not.toBeNull();
    expect(await dash()).toBe(1);
    expect(await home()).toBe(1);
    expect((await list()).items.find((m: { id: number }) => m.id === target.id).unread).toBe(false);
  });

  it("mark unread, archive, move to inbox, mark spam and not spam, each with a flash and back to the folder", async () => {
    await seedMessages(1);
    const { id } = await prisma.message.findFirstOrThrow();
    await prisma.message.update({ where: { id }, data: { readAt: new Date() } });
    const act = (intent: string) =>
      run(() =>
        messageAction(
          args(formRequest(`/dashboard/admin/messages/${id}`, { intent }, { cookie }), {
            id: String(id),
          }),
        ),
      );
    const state = () => prisma.message.findUniqueOrThrow({ where: { id } });

    let res = await act("unread");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/messages");
    expect(res.headers.get("Set-Cookie")).toMatch(/folio_toast=/);
    expect((await state()).readAt).toBeNull();

    res = await act("archive");
    expect(res.headers.get("Location")).toBe("/dashboard/admin/messages");
    expect((await state()).folder).toBe("archived");

    res = await act("inbox");
    expect(res.headers.get("Location")).toBe("/dashboard/admin/messages?folder=archived");
    expect((await state()).folder).toBe("inbox");

    res = await act("spam");
    expect((await state()).folder).toBe("spam");

    res = await act("not-spam");
    expect(res.headers.get("Location")).toBe("/dashboard/admin/messages?folder=spam");
    expect((await state()).folder).toBe("inbox");

    res = await act("explode");
    expect(res.status).toBe(302);
    expect((await state()).folder).toBe("inbox");
  });

  it("delete: a confirmation page, then the row is gone and a 'Deleted!' dialog follows", async () => {
    await seedMessages(1);
    const { id } = await prisma.message.findFirstOrThrow();
    const page = await run(() =>
      deleteLoader(
        args(getRequest(`/dashboard/admin/messages/${id}/delete`, { cookie }), { id: String(id) }),
      ),
    );
    expect(page.status).toBe(200);
    const res = await run(() =>
      deleteAction(
        args(formRequest(`/dashboard/admin/messages/${id}/delete`, {}, { cookie }), {
          id: String(id),
        }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/messages");
    const { toast } = await getToast(getRequest("/", { cookie: cookieFrom(res) }));
    expect(toast).toMatchObject({ type: "success", title: "Deleted!", dialog: true });
    expect(await prisma.message.count()).toBe(0);
    // Deleting again: a readable error, not a 500.
    const again = await run(() =>
      deleteAction(
        args(formRequest(`/dashboard/admin/messages/${id}/delete`, {}, { cookie }), {
          id: String(id),
        }),
      ),
    );
    expect(again.status).toBe(302);
  });

  it("answers 404 for a missing or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "1e3"]) {
      const res = await run(() =>
        messageLoader(args(getRequest(`/dashboard/admin/messages/${id}`, { cookie }), { id })),
      );
      expect(res.status).toBe(404);
    }
  });

  it("every loader and action refuses an anonymous visitor with a redirect to /login", async () => {
    await seedMessages(1);
    const { id } = await prisma.message.findFirstOrThrow();
    const params = { id: String(id) };
    const calls: Array<() => Promise<unknown>> = [
      () => listLoader(args(getRequest("/dashboard/admin/messages"))),
      () => messageLoader(args(getRequest(`/dashboard/admin/messages/${id}`), params)),
      () =>
        messageAction(
          args(formRequest(`/dashboard/admin/messages/${id}`, { intent: "spam" }), params),
        ),
      () => deleteLoader(args(getRequest(`/dashboard/admin/messages/${id}/delete`), params)),
      () => deleteAction(args(formRequest(`/dashboard/admin/messages/${id}/delete`, {}), params)),
    ];
    for (const call of calls) {
      const res = await run(call);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    const row = await prisma.message.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ folder: "inbox", readAt: null });
  });
});
