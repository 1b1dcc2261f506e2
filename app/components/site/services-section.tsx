import { ServiceIcon } from "~/components/service-icon";
import type { Service } from "~/models/service.server";
import { SectionHeading } from "./section-heading";

/** 'Services I Provide': icon, title and subtitle cards. */
export function ServicesSection({ services }: { services: Service[] }) {
  return (
    <section id="services" aria-labelledby="services-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="services-title"
          eyebrow="What I do"
          title="Services I Provide"
          intro="From the first sketch to a fast, reliable product in production."
        />
        {services.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
            No services found.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((s) => (
              <li
                key={s.id}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <ServiceIcon name={s.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold text-slate-900">{s.title}</h3>
                {s.subtitle ? (
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.subtitle}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
