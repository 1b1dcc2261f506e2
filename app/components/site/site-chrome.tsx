import type { ReactNode } from "react";
import type { SiteData } from "./site-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public layout: skip link, fixed navbar, the page, footer. */
export function SiteChrome({ data, children }: { data: SiteData; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader profile={data.profile} />
      <main id="main" className="flex-1 pt-16">
        {children}
      </main>
      <SiteFooter profile={data.profile} year={data.year} />
    </div>
  );
}
