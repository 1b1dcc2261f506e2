/**
 * A long text's HTML as rendered on the server by `renderMarkdown` (app/utils/markdown.server.ts:
 * a safe subset, no raw HTML; docs/markdown.md). Loaders render and send the HTML string, so no
 * Markdown library reaches a browser bundle. Styled by `.markdown` in app/styles/app.css.
 */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`markdown ${className}`}
      // Safe by construction: renderMarkdown escapes every typed character it does not render.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The help under each Markdown field of the dashboard. */
export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, lists, [links](https://…). No HTML.";

/** What a Markdown field's preview says when the field is empty. */
export const NOTHING_TO_PREVIEW = "Nothing to preview.";

/**
 * The rendered preview of one Markdown field, shown under it after the form's Preview button
 * (the action renders it; nothing is saved).
 */
export function MarkdownPreview({ id, label, html }: { id: string; label: string; html: string }) {
  return (
    <section
      aria-labelledby={`${id}-preview`}
      data-testid="markdown-preview"
      className="rounded-lg border border-slate-300 bg-white p-3"
    >
      <h2
        id={`${id}-preview`}
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        Preview<span className="sr-only"> of {label}</span>
      </h2>
      {html ? (
        <Markdown html={html} className="mt-2 text-slate-800" />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{NOTHING_TO_PREVIEW}</p>
      )}
    </section>
  );
}
