import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { buttonClass, ConfirmAction } from "~/components/dialog";
import {
  formatMessageDate,
  markMessageRead,
  markMessageUnread,
  moveMessage,
  notifyLabel,
} from "~/models/message.server";
import { requireMessage } from "~/entities/message.server";
import { messagesUrl, type MessageFolder } from "~/entities/message";
import { requireOwner } from "~/utils/auth.server";
import { readForm, refuseBody } from "~/utils/body.server";
import { DELETE_CONFIRM } from "~/utils/copy";
import { redirectWithToast } from "~/utils/toast.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  dashboardMeta(data?.message.subject || "Message", "Messages");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const message = await requireMessage(params.id);
  // Opening a message reads it.
  if (!message.readAt) await markMessageRead(message.id);
  return json({
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      body: message.message,
      folder: message.folder as MessageFolder,
      dateLabel: formatMessageDate(message.createdAt),
      date: message.createdAt.toISOString(),
      notify: notifyLabel(message.notifyStatus, message.attempts),
      notifyStatus: message.notifyStatus,
      lastError: message.lastError,
      nextAttempt: message.nextAttemptAt ? formatMessageDate(message.nextAttemptAt) : null,
      sentAt: message.sentAt ? formatMessageDate(message.sentAt) : null,
      spamReason: message.spamReason,
    },
  });
}

const intentSchema = z.enum(["unread", "archive", "inbox", "spam", "not-spam"], {
  errorMap: () => ({ message: "Unknown action." }),
});

const RESULTS: Record<z.infer<typeof intentSchema>, { title: string; folder?: MessageFolder }> = {
  unread: { title: "Marked as unread" },
  archive: { title: "Message archived", folder: "archived" },
  inbox: { title: "Moved to the inbox", folder: "inbox" },
  spam: { title: "Marked as spam", folder: "spam" },
  "not-spam": { title: "Not spam: moved to the inbox", folder: "inbox" },
};

export async function action({ request, params }: ActionFunctionArgs) {
  await requireOwner(request);
  const message = await requireMessage(params.id);
  const form = await readForm(request).catch(refuseBody);
  const intent = intentSchema.safeParse(form?.get("intent"));
  if (!intent.success) {
    return redirectWithToast(`/dashboard/admin/messages/${message.id}`, {
      type: "error",
      title: "Error!",
      text: "Unknown action.",
    });
  }
  const result = RESULTS[intent.data];
  if (intent.data === "unread") await markMessageUnread(message.id);
  if (result.folder) await moveMessage(message.id, result.folder);
  // Back to the folder the message was in (staying on it would mark it read again).
  return redirectWithToast(messagesUrl(message.folder), { type: "success", title: result.title });
}

function ActionButton({ intent, children }: { intent: string; children: React.ReactNode }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={buttonClass.secondary}>
        {children}
      </button>
    </Form>
  );
}

export default function MessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const replyHref = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  const deleteHref = `/dashboard/admin/messages/${message.id}/delete`;
  return (
    <AdminPage title={message.subject} width="narrow">
      <Link
        to={messagesUrl(message.folder)}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← Back to {message.folder === "inbox" ? "the inbox" : message.folder}
      </Link>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">From</dt>
        <dd className="break-words text-slate-900">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="font-medium text-slate-500">Date</dt>
        <dd>
          <time dateTime={message.date}>{message.dateLabel}</time>
        </dd>
        <dt className="font-medium text-slate-500">Folder</dt>
        <dd className="capitalize">{message.folder}</dd>
        {message.spamReason || message.folder === "spam" ? (
          <>
            <dt className="font-medium text-slate-500">Why spam</dt>
            <dd data-testid="spam-reason" className="text-slate-900">
              {message.spamReason
                ? `${message.spamReason}${message.folder === "spam" ? "" : " (You moved it out of Spam.)"}`
                : "Marked as spam by hand: the spam filter let it through."}
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-500">Notification</dt>
        <dd data-testid="notify-status">
          {message.notify}
          {message.sentAt ? ` on ${message.sentAt}` : ""}
          {message.notifyStatus === "failed" && message.lastError ? (
            <span className="block text-red-700">Last error: {message.lastError}</span>
          ) : null}
          {message.notifyStatus === "failed" && message.nextAttempt ? (
            <span className="block text-slate-600">Next try: {message.nextAttempt}</span>
          ) : null}
        </dd>
      </dl>
      <div
        data-testid="message-body"
        className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 break-words whitespace-pre-wrap text-slate-900"
      >
        {message.body}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={replyHref} className={buttonClass.primary}>
          Reply
        </a>
        <ActionButton intent="unread">Mark unread</ActionButton>
        {message.folder === "inbox" ? <ActionButton intent="archive">Archive</ActionButton> : null}
        {message.folder === "archived" ? (
          <ActionButton intent="inbox">Move to inbox</ActionButton>
        ) : null}
        {message.folder === "spam" ? (
          <ActionButton intent="not-spam">Not spam</ActionButton>
        ) : (
          <ActionButton intent="spam">Mark spam</ActionButton>
        )}
        <ConfirmAction
          confirmHref={deleteHref}
          action={deleteHref}
          {...DELETE_CONFIRM}
          className={buttonClass.danger}
        >
          Delete
        </ConfirmAction>
      </div>
    </AdminPage>
  );
}
