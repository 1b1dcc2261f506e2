import { Markdown } from "~/components/markdown";
import { formatMoney, formatProjectDate } from "~/utils/format";

/** What a project's facts and story blocks are made of (the public page and the admin view). */
export type ProjectContent = {
  clientName: string;
  date: string;
  service: string;
  budget: number | null;
  skill?: string;
  level?: string;
  strategy: string;
  design: string;
  userExperience: string;
};

/**
 * The facts shown for a project, each with its formatted value; empty ones are left out (no
 * "—" cards). `withCategory` adds Skill and Level (the admin view: the public page shows them
 * as chips in its header).
 */
export function projectFacts(project: ProjectContent, { withCategory = false } = {}) {
  const facts = [
    { label: "Client", value: project.clientName },
    { label: "Date", value: formatProjectDate(project.date) },
    { label: "Service", value: project.service },
    { label: "Budget", value: formatMoney(project.budget) },
  ];
  if (withCategory) {
    facts.push({ label: "Skill", value: project.skill ?? "" });
    facts.push({ label: "Level", value: project.level ?? "" });
  }
  return facts.filter((fact) => fact.value.trim() !== "");
}

/** The project's facts as a definition list of cards; nothing at all when every fact is empty. */
export function ProjectFacts({
  project,
  withCategory = false,
  className = "",
}: {
  project: ProjectContent;
  withCategory?: boolean;
  className?: string;
}) {
  const facts = projectFacts(project, { withCategory });
  if (facts.length === 0) return null;
  return (
    <dl
      className={`grid grid-cols-2 gap-4 lg:grid-cols-4 ${className}`}
      data-testid="project-facts"
    >
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
            {fact.label}
          </dt>
          <dd className="mt-1 font-semibold break-words text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The story blocks (the spec's three: strategy, design, user experience), the empty ones left out. */
export function projectBlocks(project: ProjectContent) {
  return [
    { key: "strategy", title: "Strategy", text: project.strategy },
    { key: "design", title: "Design", text: project.design },
    { key: "userExperience", title: "User Experience", text: project.userExperience },
  ].filter((block) => block.text.trim() !== "") as Array<{
    key: StoryBlock;
    title: string;
    text: string;
  }>;
}

/** The story blocks' fields (Markdown: see docs/markdown.md). */
export const STORY_BLOCKS = ["strategy", "design", "userExperience"] as const;
export type StoryBlock = (typeof STORY_BLOCKS)[number];

/** The story blocks as cards, as many columns as there are blocks; nothing when all are empty. */
export function ProjectBlocks({
  project,
  html,
  heading: Heading = "h2",
  className = "",
}: {
  project: ProjectContent;
  /** The blocks' texts rendered by the loader (renderMarkdown); else shown as plain text. */
  html?: Partial<Record<StoryBlock, string>>;
  /** The blocks' heading level under the page's own headings. */
  heading?: "h2" | "h3";
  className?: string;
}) {
  const blocks = projectBlocks(project);
  if (blocks.length === 0) return null;
  const columns = ["", "", "md:grid-cols-2", "md:grid-cols-3"][blocks.length];
  return (
    <div className={`grid gap-6 ${columns} ${className}`} data-testid="project-blocks">
      {blocks.map((block) => (
        <section
          key={block.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <Heading className="text-lg font-bold text-slate-900">{block.title}</Heading>
          {html?.[block.key] !== undefined ? (
            <Markdown
              html={html[block.key] ?? ""}
              className="mt-2 leading-relaxed text-slate-700"
            />
          ) : (
            <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-700">{block.text}</p>
          )}
        </section>
      ))}
    </div>
  );
}
