import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dashboardSummary } from "~/models/dashboard.server";
import { countUnreadMessages } from "~/models/message.server";
import { requireOwner } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const [summary, unreadMessages] = await Promise.all([dashboardSummary(), countUnreadMessages()]);
  return json({ ...summary, unreadMessages });
}

export default function DashboardHome() {
  const { counts, recent, unreadMessages } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Total Skills", value: counts.skills, to: "/dashboard/admin/skills" },
    { label: "Total Projects", value: counts.projects, to: "/dashboard/admin/projects" },
    { label: "Total Services", value: counts.services, to: "/dashboard/admin/services" },
    { label: "Experience", value: counts.experience, to: "/dashboard/admin/experience" },
    { label: "Unread Messages", value: unreadMessages, to: "/dashboard/admin/messages" },
  ];
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Counts"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
      >
        {cards.map((card) => (
          <Link
            key={card.label}
            to={card.to}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md"
          >
            <p className="text-sm font-medium text-slate-600">{card.label}</p>
            <p
              className="mt-2 text-3xl font-bold text-slate-900"
              data-testid={`count-${card.label}`}
            >
              {card.value}
            </p>
          </Link>
        ))}
      </section>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <section
          aria-labelledby="recent-projects-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm xl:col-span-2"
        >
          <h2 id="recent-projects-title" className="mb-4 text-lg font-semibold">
            Recent Projects
          </h2>
          {recent.length === 0 ? (
            <p className="text-slate-600">No projects found.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th className="py-2 pr-4">#</th>
                    <th className="py-2 pr-4">Project Name</th>
                    <th className="py-2">Category</th>
                  </tr>
                </thead>
                <tbody>
                  {recent.map((project, index) => (
                    <tr key={project.id} className="border-b border-slate-100 last:border-0">
                      <td className="py-2 pr-4">{index + 1}</td>
                      <td className="py-2 pr-4 font-medium">
                        <Link
                          to={`/dashboard/admin/portfolio-view/${project.id}`}
                          className="hover:underline"
                        >
                          {project.title}
                        </Link>
                      </td>
                      <td className="py-2">{project.skill}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-4 text-lg font-semibold">Recent Activity</h2>
          {recent.length === 0 ? (
            <p className="text-slate-600">No projects found.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {recent.map((project) => (
                <li key={project.id} className="flex items-center gap-3">
                  <span aria-hidden className="h-2 w-2 rounded-full bg-brand-500" />
                  <span>{project.title}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
