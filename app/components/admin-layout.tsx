import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { ADMIN_ENTITIES } from "~/entities/admin";
import { addUrlOf, recordPathPrefixes } from "~/entities/entity";
import { LOGOUT_CONFIRM } from "~/utils/copy";
import { ConfirmAction } from "./dialog";
import { ThemeToggle } from "./theme-toggle";

export type SidebarLink = {
  to: string;
  label: string;
  /** Other paths this link is the current section of (a record's view, edit and delete screens). */
  sectionPrefixes?: string[];
};

export type SidebarGroup = {
  label: string;
  icon: string;
  to?: string;
  links?: SidebarLink[];
  badge?: number;
};

export const SIDEBAR: SidebarGroup[] = [
  { label: "Dashboard", icon: "▦", to: "/dashboard" },
  { label: "Statistics", icon: "↗", to: "/dashboard/admin/stats" },
  ...ADMIN_ENTITIES.map((entity) => ({
    label: entity.menu.label,
    icon: entity.menu.icon,
    links: [
      { to: addUrlOf(entity), label: `Add ${entity.noun}` },
      {
        to: entity.listUrl,
        label: entity.menu.allLabel,
        sectionPrefixes: recordPathPrefixes(entity),
      },
    ],
  })),
  { label: "Messages", icon: "✉", to: "/dashboard/admin/messages" },
  { label: "Profile", icon: "☺", to: "/dashboard/admin/profile" },
  { label: "Backup", icon: "⬇", to: "/dashboard/admin/backup" },
  { label: "Import", icon: "⇪", to: "/dashboard/admin/import" },
  { label: "Security", icon: "⚷", to: "/dashboard/admin/security" },
];

const linkClass = (isActive: boolean) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition ${
    isActive ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"
  }`;

const DASHBOARD_HOME = "/dashboard";

/**
 * Whether a sidebar link is the section of `pathname`: its own page, the pages below it
 * (a message, the two-factor page under Security), and the record screens it lists (a
 * project's view and edit screens, a skill's delete page), but never another link's page
 * (Add Skill is not All Skills).
 */
export function isCurrentSection(
  link: { to: string; sectionPrefixes?: string[] },
  pathname: string,
  allLinks: ReadonlyArray<{ to: string }> = [],
): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === link.to) return true;
  if (allLinks.some((other) => other.to !== link.to && path === other.to)) return false;
  if (link.to === DASHBOARD_HOME) return false;
  return [`${link.to}/`, ...(link.sectionPrefixes ?? [])].some((prefix) => path.startsWith(prefix));
}

function allLinksOf(groups: SidebarGroup[]) {
  return groups.flatMap((group) => (group.to ? [{ to: group.to }] : (group.links ?? [])));
}

function SidebarNav({ groups }: { groups: SidebarGroup[] }) {
  const { pathname } = useLocation();
  const allLinks = allLinksOf(groups);
  const current = (link: Pick<SidebarLink, "to" | "sectionPrefixes">) =>
    isCurrentSection(link, pathname, allLinks);
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1 px-3 pb-6">
      {groups.map((group) =>
        group.to ? (
          <Link
            key={group.label}
            to={group.to}
            aria-current={current({ to: group.to }) ? "page" : undefined}
            className={linkClass(current({ to: group.to }))}
          >
            <span aria-hidden className="w-5 text-center">
              {group.icon}
            </span>
            <span className="flex-1">{group.label}</span>
            {group.badge ? (
              <span
                className="rounded-full bg-red-500 px-2 text-xs font-semibold text-white"
                aria-label={`${group.badge} unread`}
              >
                {group.badge}
              </span>
            ) : null}
          </Link>
        ) : (
          <details
            key={group.label}
            className="group"
            open={group.links?.some(current) || undefined}
          >
            <summary className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-white">
              <span aria-hidden className="w-5 text-center">
                {group.icon}
              </span>
              <span className="flex-1">{group.label}</span>
              <span aria-hidden className="transition group-open:rotate-90">
                ›
              </span>
            </summary>
            <ul className="mt-1 ml-8 flex flex-col gap-1 border-l border-slate-700 pl-2">
              {group.links?.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={current(link) ? "page" : undefined}
                    className={linkClass(current(link))}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ),
      )}
    </nav>
  );
}

/**
 * The admin shell: sidebar 'Admin Panel' (collapsible groups as <details>), a mobile overlay
 * driven by a checkbox (works without JavaScript), header 'Admin Dashboard' with Logout.
 */
export function AdminLayout({
  children,
  groups = SIDEBAR,
  ownerEmail,
}: {
  children: ReactNode;
  groups?: SidebarGroup[];
  ownerEmail: string;
}) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // With JavaScript: close the mobile sidebar after a navigation and on Escape.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const box = toggle.current;
      if (event.key !== "Escape" || !box?.checked) return;
      box.checked = false;
      box.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="group/admin min-h-screen bg-slate-100">
      <a
        href="#main"
        data-testid="skip-link"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <label
        htmlFor="sidebar-toggle"
        data-testid="sidebar-overlay"
        className="fixed inset-0 z-30 hidden bg-slate-900/50 group-has-[#sidebar-toggle:checked]/admin:block lg:hidden!"
        aria-hidden
      />
      <aside
        id="admin-sidebar"
        aria-label="Admin Panel"
        className="invisible fixed inset-y-0 left-0 z-40 w-64 -translate-x-full overflow-y-auto bg-slate-900 transition-[transform,visibility] group-has-[#sidebar-toggle:checked]/admin:visible group-has-[#sidebar-toggle:checked]/admin:translate-x-0 lg:visible lg:translate-x-0"
      >
        {/* The mobile menu's state: a checkbox, so it opens and closes without JavaScript. It stays
            reachable by keyboard while the (hidden) sidebar around it is closed. */}
        <input
          ref={toggle}
          type="checkbox"
          id="sidebar-toggle"
          className="visible sr-only lg:hidden"
          aria-label="Menu"
        />
        <div className="flex items-center justify-between px-6 py-5">
          <p className="text-lg font-bold text-white">Admin Panel</p>
          <label
            htmlFor="sidebar-toggle"
            className="cursor-pointer text-2xl text-slate-400 lg:hidden"
            aria-label="Close menu"
          >
            ×
          </label>
        </div>
        <SidebarNav groups={groups} />
      </aside>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-6">
          <label
            htmlFor="sidebar-toggle"
            className="cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium lg:hidden group-has-[#sidebar-toggle:focus-visible]/admin:ring-2 group-has-[#sidebar-toggle:focus-visible]/admin:ring-brand-500"
            data-testid="sidebar-open"
            aria-hidden
          >
            ☰ <span className="sr-only sm:not-sr-only">Menu</span>
          </label>
          <h1 className="flex-1 text-lg font-semibold text-slate-900">Admin Dashboard</h1>
          <span className="hidden text-sm text-slate-500 md:inline">{ownerEmail}</span>
          <a
            href="/"
            className="hidden text-sm font-medium text-brand-700 hover:underline sm:inline"
          >
            View site
          </a>
          <ThemeToggle />
          <ConfirmAction
            confirmHref="/logout"
            action="/logout"
            {...LOGOUT_CONFIRM}
            kind="question"
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700"
          >
            Logout
          </ConfirmAction>
        </header>
        <main id="main" tabIndex={-1} className="p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
