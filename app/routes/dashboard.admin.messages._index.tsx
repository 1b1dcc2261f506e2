import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import {
  countByFolder,
  formatMessageDate,
  listMessages,
  notifyLabel,
} from "~/models/message.server";
import { folderSchema, MESSAGES_PAGE_SIZE, type MessageFolder } from "~/entities/message";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";
import { isFiltered, listHref, listState, NO_MATCHES_TEXT } from "~/utils/list-query";
import { parseListQuery } from "~/utils/list-query.server";
import { ListControls, ListPagination } from "~/components/admin/list-controls";

const LIST_URL = "/dashboard/admin/messages";

export const meta: MetaFunction = () => dashboardMeta("Messages");

const FOLDER_TABS: Array<{ folder: MessageFolder; label: string; empty: string }> = [
  { folder: "inbox", label: "Inbox", empty: "No messages yet." },
  { folder: "archived", label: "Archived", empty: "No archived messages." },
  { folder: "spam", label: "Spam", empty: "No spam. 🎉" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const url = new URL(request.url);
  const folder = folderSchema.catch("inbox").parse(url.searchParams.get("folder") ?? "inbox");
  const query = parseListQuery(request, { show: ["unread"] });
  const [list, counts] = await Promise.all([
    listMessages(folder, query.page, { q: query.q, unread: query.filters.show === "unread" }),
    countByFolder(),
  ]);
  return json({
    folder,
    counts,
    ...listState(query, list, MESSAGES_PAGE_SIZE),
    items: list.items.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      preview: m.preview,
      spamReason: m.spamReason,
      unread: m.readAt === null,
      date: m.createdAt.toISOString(),
      dateLabel: formatMessageDate(m.createdAt),
      notify: notifyLabel(m.notifyStatus, m.attempts),
      notifyStatus: m.notifyStatus,
    })),
  });
}

/** A folder's list (the tabs: the whole folder, not narrowed). */
const folderHref = (folder: MessageFolder) =>
  listHref(LIST_URL, { q: "", filters: {} }, keep(folder));

/** The folder the search form and page links keep ('inbox' is the bare URL). */
const keep = (folder: MessageFolder) => ({ folder: folder === "inbox" ? "" : folder });

const notifyTone: Record<string, string> = {
  sent: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  pending: "bg-amber-100 text-amber-800",
  sending: "bg-amber-100 text-amber-800",
  off: "bg-slate-100 text-slate-700",
};

export default function MessagesList() {
  const { folder, counts, items, query, page, pageCount, total } = useLoaderData<typeof loader>();
  const tab = FOLDER_TABS.find((t) => t.folder === folder) ?? FOLDER_TABS[0];
  const narrowed = isFiltered(query);
  return (
    <AdminPage title="Messages" description="What visitors sent through the contact form.">
      <nav aria-label="Message folders" className="mb-5 flex flex-wrap gap-2">
        {FOLDER_TABS.map((t) => (
          <Link
            key={t.folder}
            to={folderHref(t.folder)}
            aria-current={t.folder === folder ? "page" : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
              t.folder === folder
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 text-slate-700 hover:bg-slate-50"
            }`}
          >
            {t.label} <span className="opacity-80">({counts[t.folder]})</span>
          </Link>
        ))}
      </nav>
      <ListControls
        path={LIST_URL}
        query={query}
        total={total}
        searchLabel={`Search ${tab.label.toLowerCase()}`}
        placeholder="Name, email, subject or text"
        keep={keep(folder)}
        filters={[
          {
            name: "show",
            label: "Show",
            options: [
              { value: "", label: "All messages" },
              { value: "unread", label: "Unread only" },
            ],
          },
        ]}
      />
      {items.length === 0 ? (
        <p className="py-8 text-center text-slate-600" data-testid="empty-state">
          {narrowed ? NO_MATCHES_TEXT : tab.empty}
        </p>
      ) : (
        <ul
          aria-label={`${tab.label} messages`}
          className="divide-y divide-slate-200 border-y border-slate-200"
        >
          {items.map((m) => (
            <li key={m.id} data-testid="message-row" data-unread={m.unread ? "true" : "false"}>
              <Link
                to={`/dashboard/admin/messages/${m.id}`}
                className={`grid gap-1 px-2 py-3 hover:bg-slate-50 md:grid-cols-[12rem_1fr_auto] md:gap-4 ${
                  m.unread ? "bg-brand-50/60" : ""
                }`}
              >
                <span className="min-w-0">
                  <span
                    className={`block truncate ${m.unread ? "font-bold text-slate-900" : "text-slate-800"}`}
                  >
                    {m.unread ? (
                      <span
                        className="mr-1.5 inline-block h-2 w-2 rounded-full bg-brand-600 align-middle"
                        aria-hidden="true"
                      />
                    ) : null}
                    {m.unread ? <span className="sr-only">Unread: </span> : null}
                    {m.name}
                  </span>
                  <span className="block truncate text-xs text-slate-500">{m.email}</span>
                </span>
                <span className="min-w-0">
                  <span
                    className={`block truncate ${m.unread ? "font-semibold text-slate-900" : "text-slate-800"}`}
                  >
                    {m.subject}
                  </span>
                  <span className="block truncate text-sm text-slate-500">{m.preview}</span>
                  {folder === "spam" && m.spamReason ? (
                    <span className="block text-xs text-amber-800" data-testid="spam-reason">
                      Why spam: {m.spamReason}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center gap-3 text-xs text-slate-500 md:flex-col md:items-end md:gap-1">
                  <time dateTime={m.date}>{m.dateLabel}</time>
                  <span
                    className={`rounded-full px-2 py-0.5 font-medium ${notifyTone[m.notifyStatus] ?? notifyTone.off}`}
                  >
                    {m.notify}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ListPagination
        path={LIST_URL}
        query={query}
        page={page}
        pageCount={pageCount}
        keep={keep(folder)}
      />
    </AdminPage>
  );
}
