import { ThemeToggle } from "~/components/theme-toggle";
import { Link, NavLink, useLocation } from "@remix-run/react";
import { Image } from "~/components/image";
import type { Profile } from "~/models/profile.server";
import { siteName } from "./site-data";

export const PROJECT_LINKS = [
  { to: "/projects", label: "All" },
  { to: "/projects/react", label: "React" },
  { to: "/projects/laravel", label: "Laravel" },
] as const;

const linkBase =
  "rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const linkIdle = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const linkActive = "bg-brand-50 text-brand-700";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `${linkBase} ${isActive ? linkActive : linkIdle}`;

function Chevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className="h-4 w-4 transition-transform group-open:rotate-180"
    >
      <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
    </svg>
  );
}

function NewTabHint() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

export function HireMe({ href, className = "" }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      Hire Me
      <NewTabHint />
    </a>
  );
}

/**
 * The fixed top navigation. The Projects dropdown (desktop), the mobile menu and its Projects list
 * are <details data-menu> elements, so they open and work without JavaScript; with it
 * (app/enhance/menus.ts), following a link, clicking outside or pressing Escape closes them.
 */
export function SiteHeader({ profile }: { profile: Profile | null }) {
  const name = siteName(profile);
  const { pathname } = useLocation();
  const inProjects = pathname === "/projects" || pathname.startsWith("/projects/");
  const projectsSummaryClass = `group-open:bg-slate-100 ${linkBase} flex cursor-pointer items-center gap-1 ${inProjects ? linkActive : linkIdle}`;

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Image
            src="/logo.svg"
            alt=""
            width={36}
            height={36}
            priority
            className="h-9 w-9 shrink-0"
          />
          <span className="truncate text-lg font-bold tracking-tight text-slate-900">{name}</span>
        </Link>

        {/* Desktop */}
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          <details className="group relative" data-menu="projects">
            <summary
              className={projectsSummaryClass}
              aria-current={inProjects ? "page" : undefined}
            >
              Projects
              <Chevron />
            </summary>
            <ul className="absolute left-0 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
              {PROJECT_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end
                    className={({ isActive }) =>
                      `block ${linkBase} ${isActive ? linkActive : linkIdle}`
                    }
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
          <NavLink to="/resume" className={navClass}>
            Resume
          </NavLink>
          <NavLink to="/contact" className={navClass}>
            Contact
          </NavLink>
          {profile?.linkedin ? <HireMe href={profile.linkedin} className="ml-2" /> : null}
        </nav>

        {/* Phones have it in the menu, where there is room for its three buttons. */}
        <ThemeToggle className="ml-2 hidden md:block" />

        {/* Mobile */}
        <details className="group/menu md:hidden" data-menu="mobile">
          <summary
            className={`${linkBase} ${linkIdle} flex cursor-pointer items-center gap-2 border border-slate-300`}
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              aria-hidden="true"
              className="h-5 w-5"
            >
              <path className="group-open/menu:hidden" d="M4 7h16M4 12h16M4 17h16" />
              <path className="hidden group-open/menu:block" d="M6 6l12 12M18 6L6 18" />
            </svg>
            Menu
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-5 pt-2 shadow-lg"
          >
            <ul className="flex flex-col gap-1">
              <li>
                <NavLink to="/" end className={(s) => `block ${navClass(s)}`}>
                  Home
                </NavLink>
              </li>
              <li>
                <details className="group" data-menu="projects-mobile">
                  <summary className={`w-full justify-between ${projectsSummaryClass}`}>
                    Projects
                    <Chevron />
                  </summary>
                  <ul className="mt-1 ml-3 flex flex-col gap-1 border-l border-slate-200 pl-3">
                    {PROJECT_LINKS.map((l) => (
                      <li key={l.to}>
                        <NavLink to={l.to} end className={(s) => `block ${navClass(s)}`}>
                          {l.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
              <li>
                <NavLink to="/resume" className={(s) => `block ${navClass(s)}`}>
                  Resume
                </NavLink>
              </li>
              <li>
                <NavLink to="/contact" className={(s) => `block ${navClass(s)}`}>
                  Contact
                </NavLink>
              </li>
              {profile?.linkedin ? (
                <li className="pt-2">
                  <HireMe href={profile.linkedin} className="w-full" />
                </li>
              ) : null}
              <li className="flex items-center justify-between gap-3 px-3 pt-3 text-sm text-slate-700">
                <span aria-hidden="true">Theme</span>
                <ThemeToggle />
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
