import type { ReactNode } from "react";
import { Image } from "~/components/image";
import { Markdown } from "~/components/markdown";
import type { Profile } from "~/models/profile.server";
import { CountUp } from "./count-up";
import { FALLBACK_DESCRIPTION, siteName, useSiteData } from "./site-data";
import { altOf, focalStyle } from "~/entities/image-detail";
import { TypingText } from "./typing-text";

const primaryButton =
  "inline-flex items-center gap-2 rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-md shadow-brand-600/20 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const secondaryButton =
  "inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join("") || "P"
  );
}

function StatBox({ children }: { children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white/80 p-4 shadow-sm">{children}</li>
  );
}

/** About: heading, typing line, description, CV and contact links, Core Skills, stats, photo card. */
export function AboutSection({
  profile,
  skills,
  categories,
  stats,
}: {
  profile: Profile | null;
  skills: string[];
  categories: string[];
  stats: { services: number; projects: number };
}) {
  const name = siteName(profile);
  const { imageDetails, aboutHtml } = useSiteData();
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 h-96 w-96 rounded-full bg-brand-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.35fr_1fr] lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
            Welcome to my portfolio
          </p>
          <h1
            id="about-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Hi, I'm <span className="text-brand-700">{name}</span>
          </h1>
          <div className="mt-4 min-h-[2rem] sm:min-h-[2.25rem]">
            <TypingText words={skills} prefix="I'm a" />
          </div>
          {aboutHtml ? (
            <Markdown
              html={aboutHtml}
              className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600"
            />
          ) : (
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
              {profile?.description?.trim() || FALLBACK_DESCRIPTION}
            </p>
          )}

          {profile?.cv || profile?.email ? (
            <div className="mt-8 flex flex-wrap gap-3">
              {profile?.cv ? (
                <a
                  href={profile.cv}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={primaryButton}
                >
                  Download CV
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
              {profile?.email ? (
                <a href={`mailto:${profile.email}`} className={secondaryButton}>
                  Contact Me
                </a>
              ) : null}
            </div>
          ) : null}

          <div className="mt-10">
            <h2 className="text-sm font-semibold tracking-wider text-slate-700 uppercase">
              Core Skills
            </h2>
            {categories.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {categories.map((c) => (
                  <li
                    key={c}
                    className="rounded-full border border-brand-100 bg-white px-3.5 py-1.5 text-sm font-medium text-brand-700 shadow-sm"
                  >
                    {c}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-600">No skills found.</p>
            )}
          </div>

          <ul className="mt-10 grid grid-cols-3 gap-3 sm:gap-4" aria-label="Highlights">
            <StatBox>
              <p className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
                <CountUp id="services" value={stats.services} suffix="+" />
              </p>
              <p className="mt-1 text-sm text-slate-600">Services</p>
            </StatBox>
            <StatBox>
              <p className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
                <CountUp id="projects" value={stats.projects} suffix="+" />
              </p>
              <p className="mt-1 text-sm text-slate-600">Projects</p>
            </StatBox>
            <StatBox>
              <p className="text-sm text-slate-600">
                <span className="block text-2xl font-extrabold text-slate-900 sm:text-3xl">
                  100%
                </span>{" "}
                <span className="mt-1 block">Client Focused</span>
              </p>
            </StatBox>
          </ul>
        </div>

        <figure className="mx-auto w-full max-w-sm">
          <div className="rounded-3xl border border-slate-200 bg-white p-3 shadow-xl shadow-slate-900/5">
            <div className="aspect-[4/5] overflow-hidden rounded-2xl bg-slate-100">
              {profile?.image ? (
                <Image
                  src={profile.image}
                  alt={altOf(imageDetails, profile.image, `Portrait of ${name}`)}
                  style={focalStyle(imageDetails?.[profile.image])}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 384px, 90vw"
                  width={720}
                  height={900}
                  priority
                  className="h-full w-full object-cover"
                />
              ) : (
                <div
                  aria-hidden="true"
                  className="grid h-full w-full place-items-center bg-gradient-to-br from-brand-600 via-indigo-600 to-sky-600"
                >
                  <span className="text-7xl font-extrabold text-white/90">{initials(name)}</span>
                </div>
              )}
            </div>
            <figcaption className="flex items-center justify-between gap-3 px-2 pt-4 pb-1">
              <span className="font-bold text-slate-900">{name}</span>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
                Based in BD
              </span>
            </figcaption>
          </div>
        </figure>
      </div>
    </section>
  );
}
