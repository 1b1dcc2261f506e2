import { prisma } from "./db.server";
import { searchWhere } from "./search.server";
import {
  MESSAGES_PAGE_SIZE,
  type ContactInput,
  type MessageFolder,
  type NotifyStatus,
} from "~/entities/message";

const PREVIEW_CHARS = 120;

const listSelect = {
  id: true,
  name: true,
  email: true,
  subject: true,
  message: true,
  folder: true,
  readAt: true,
  notifyStatus: true,
  attempts: true,
  createdAt: true,
  spamReason: true,
} as const;

const fullSelect = {
  ...listSelect,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
} as const;

export type MessageRow = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  folder: string;
  readAt: Date | null;
  notifyStatus: string;
  attempts: number;
  createdAt: Date;
  /** Why it was filed as spam on arrival ('' when it was not). */
  spamReason: string;
};
export type MessageDetail = MessageRow & {
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
};

/** A one-line preview of a message body. */
export function previewOf(text: string, max = PREVIEW_CHARS) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Stores a message; it is committed when this resolves. */
export async function createMessage(
  input: ContactInput & {
    ip: string;
    folder: MessageFolder;
    notifyStatus: NotifyStatus;
    spamReason?: string;
  },
): Promise<{ id: number }> {
  return prisma.message.create({ data: input, select: { id: true } });
}

/** A text as compared for "the same message": whitespace runs as one space, any case. */
export function sameTextKey(text: string) {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * A message stored since `since` from the same IP or the same email (any case) with the same
 * subject and text (see sameTextKey), in any folder; null when there is none. Reads a few rows:
 * the (ip, createdAt) index, and the per-IP rate limit keeps one sender's rows few.
 */
export async function findRecentDuplicate(
  { ip, email, subject, message }: { ip: string; email: string; subject: string; message: string },
  since: Date,
): Promise<{ id: number; createdAt: Date } | null> {
  const emails = [...new Set([email, email.toLowerCase()])];
  const rows = await prisma.message.findMany({
    where: {
      createdAt: { gte: since },
      OR: [{ ip }, { email: { in: emails } }],
    },
    select: { id: true, subject: true, message: true, createdAt: true },
    orderBy: { id: "desc" },
    take: 50,
  });
  const key = `${sameTextKey(subject)}\n${sameTextKey(message)}`;
  const match = rows.find(
    (row) => `${sameTextKey(row.subject)}\n${sameTextKey(row.message)}` === key,
  );
  return match ? { id: match.id, createdAt: match.createdAt } : null;
}

/**
 * One page of a folder, newest first. A page past the end shows the last page. `search` narrows
 * it: messages containing every word of `q` (name, email, subject or text), unread ones only.
 */
export async function listMessages(
  folder: MessageFolder,
  page = 1,
  search: { q?: string; unread?: boolean } = {},
) {
  const where = {
    folder,
    ...(await searchWhere("Message", ["name", "email", "subject", "message"], search.q ?? "")),
    ...(search.unread ? { readAt: null } : {}),
  };
  const total = await prisma.message.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await prisma.message.findMany({
    where,
    select: listSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * MESSAGES_PAGE_SIZE,
    take: MESSAGES_PAGE_SIZE,
  });
  const items = rows.map(({ message, ...row }) => ({ ...row, preview: previewOf(message) }));
  return { items, total, page: current, pageCount };
}

/** Unread messages in the inbox folder (the sidebar badge and the dashboard card). */
export function countUnreadMessages() {
  return prisma.message.count({ where: { folder: "inbox", readAt: null } });
}

/** How many messages each folder holds. */
export async function countByFolder(): Promise<Record<MessageFolder, number>> {
  const groups = await prisma.message.groupBy({ by: ["folder"], _count: { _all: true } });
  const counts: Record<MessageFolder, number> = { inbox: 0, archived: 0, spam: 0 };
  for (const g of groups) if (g.folder in counts) counts[g.folder as MessageFolder] = g._count._all;
  return counts;
}

export function getMessage(id: number): Promise<MessageDetail | null> {
  return prisma.message.findUnique({ where: { id }, select: fullSelect });
}

export async function markMessageRead(id: number) {
  await prisma.message.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
}

export async function markMessageUnread(id: number) {
  return (await prisma.message.updateMany({ where: { id }, data: { readAt: null } })).count;
}

export async function moveMessage(id: number, folder: MessageFolder) {
  return (await prisma.message.updateMany({ where: { id }, data: { folder } })).count;
}

/** Returns the spec's deletedCount. */
export async function deleteMessage(id: number) {
  return (await prisma.message.deleteMany({ where: { id } })).count;
}

// ---- Email notification bookkeeping (used by app/utils/notifier.server.ts) ----

/** What the notifier needs to send one message. */
export type MessageToNotify = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  attempts: number;
};

const notifySelect = {
  id: true,
  name: true,
  email: true,
  subject: true,
  message: true,
  createdAt: true,
  attempts: true,
} as const;

/** Messages that wait for a notification: due retries, and sends whose lease ran out. */
function dueWhere(now: Date) {
  return {
    folder: { not: "spam" },
    OR: [
      {
        notifyStatus: { in: ["pending", "failed"] },
        OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }],
      },
      { notifyStatus: "sending", nextAttemptAt: { lte: now } },
    ],
  };
}

/** Ids of messages due for a notification attempt, oldest first. */
export async function dueMessageIds(now: Date, limit = 20): Promise<number[]> {
  const rows = await prisma.message.findMany({
    where: dueWhere(now),
    select: { id: true },
    orderBy: { id: "asc" },
    take: limit,
  });
  return rows.map((r) => r.id);
}

/**
 * Claims a due message for one send attempt: a single conditional UPDATE (SQLite runs writes one
 * at a time), so of two workers racing for the same message only one gets it. The claim is a
 * lease: if the process dies mid-send, the message becomes due again when `leaseUntil` passes.
 */
export async function claimMessageForNotify(
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<MessageToNotify | null> {
  const { count } = await prisma.message.updateMany({
    where: { id, ...dueWhere(now) },
    data: { notifyStatus: "sending", nextAttemptAt: leaseUntil, attempts: { increment: 1 } },
  });
  if (count !== 1) return null;
  return prisma.message.findUnique({ where: { id }, select: notifySelect });
}

export async function markNotifySent(id: number, at = new Date()) {
  await prisma.message.updateMany({
    where: { id, notifyStatus: "sending" },
    data: { notifyStatus: "sent", sentAt: at, lastError: null, nextAttemptAt: null },
  });
}

export async function markNotifyFailed(id: number, error: string, nextAttemptAt: Date) {
  await prisma.message.updateMany({
    where: { id, notifyStatus: "sending" },
    data: { notifyStatus: "failed", lastError: error.slice(0, 1000), nextAttemptAt },
  });
}

/**
 * At start: sends left in flight by a previous process (killed between claim and answer) and
 * retries waiting for their backoff become due now. Resend's idempotency key makes a repeat of
 * a send that did go out harmless.
 */
export async function releaseNotifyClaims(now = new Date()) {
  const { count } = await prisma.message.updateMany({
    where: { notifyStatus: { in: ["sending", "failed", "pending"] } },
    data: { nextAttemptAt: now },
  });
  await prisma.message.updateMany({
    where: { notifyStatus: "sending" },
    data: { notifyStatus: "pending" },
  });
  return count;
}

// ---- Display helpers (used in loaders, so dates never differ between server and browser) ----

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function formatMessageDate(date: Date) {
  return `${dateFormat.format(date)} UTC`;
}

/** The notification status as the owner reads it. */
export function notifyLabel(status: string, attempts: number) {
  switch (status) {
    case "sent":
      return "Email sent";
    case "pending":
      return "Email pending";
    case "sending":
      return "Email sending";
    case "failed":
      return `Email failed (${attempts} ${attempts === 1 ? "attempt" : "attempts"})`;
    default:
      return "No email";
  }
}
