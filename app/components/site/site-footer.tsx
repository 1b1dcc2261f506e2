import { Link } from "@remix-run/react";
import type { Profile } from "~/models/profile.server";
import { FALLBACK_DESCRIPTION, siteName } from "./site-data";

const SOCIAL = [
  {
    key: "facebook",
    label: "Facebook",
    path: "M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v6h4v-6h3l1-4h-4V8.5a.5.5 0 01.5-.5z",
  },
  {
    key: "github",
    label: "GitHub",
    path: "M9 19c-4 1.5-4-2-6-2.5m12 5v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 00-1.3-3.2 4.2 4.2 0 00-.1-3.2s-1-.3-3.3 1.3a11.3 11.3 0 00-6 0C7 3.2 6 3.5 6 3.5a4.2 4.2 0 00-.1 3.2A4.6 4.6 0 004.6 10c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21",
  },
  {
    key: "linkedin",
    label: "LinkedIn",
    path: "M16 8a6 6 0 016 6v7h-4v-7a2 2 0 00-4 0v7h-4v-7a6 6 0 016-6zM2 9h4v12H2zM4 2a2 2 0 110 4 2 2 0 010-4z",
  },
] as const;

const MAIL_PATH = "M4 5h16a1 1 0 011 1v12a1 1 0 01-1 1H4a1 1 0 01-1-1V6a1 1 0 011-1zm0 1l8 7 8-7";

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-5 w-5"
    >
      <path d={d} />
    </svg>
  );
}

const iconLink =
  "grid h-10 w-10 place-items-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-brand-600 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const quickLink =
  "rounded text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** The public footer: who, quick links, the profile's social links and mail, and the copyright line. */
export function SiteFooter({ profile, year }: { profile: Profile | null; year: number }) {
  const name = siteName(profile);
  const description = profile?.description?.trim() || FALLBACK_DESCRIPTION;
  const socials = SOCIAL.filter((s) => profile?.[s.key]);
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-3 max-w-md text-sm leading-relaxed">{description}</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/" className={quickLink}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/projects" className={quickLink}>
                Projects
              </Link>
            </li>
            <li>
              <Link to="/resume" className={quickLink}>
                Resume
              </Link>
            </li>
            <li>
              <Link to="/contact" className={quickLink}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        {socials.length > 0 || profile?.email ? (
          <div>
            <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Connect</h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {socials.map((s) => (
                <li key={s.key}>
                  <a
                    href={profile?.[s.key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={iconLink}
                    aria-label={`${s.label} (opens in a new tab)`}
                    data-social={s.key}
                  >
                    <Icon d={s.path} />
                  </a>
                </li>
              ))}
              {profile?.email ? (
                <li>
                  <a
                    href={`mailto:${profile.email}`}
                    className={iconLink}
                    aria-label={`Email ${profile.email}`}
                    data-social="email"
                  >
                    <Icon d={MAIL_PATH} />
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-400 sm:px-6">
          {`© ${year} ${name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
