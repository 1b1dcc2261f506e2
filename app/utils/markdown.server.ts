// Markdown in the long texts (project long description and story blocks, the about text,
// education and experience descriptions): ONE renderer, on the server only, so no Markdown
// library reaches a browser bundle. A deliberately small subset (docs/markdown.md): no raw HTML,
// no images, no tables; headings demoted under the page's own; links only to http(s), mailto,
// this site's paths and fragments, external ones with rel="nofollow noopener noreferrer".
import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";

/** The level a `#` heading renders as (`##` one lower, ..., never below h6). */
export type HeadingBase = 3 | 4 | 5 | 6;

type Env = { headingBase?: HeadingBase };

const md = new MarkdownIt("default", {
  html: false,
  linkify: true,
  typographer: false,
  // A single newline is a line break: plain texts written before Markdown keep their lines
  // (they were shown with `white-space: pre-line`).
  breaks: true,
});

// Not in the subset: images (the gallery is for pictures; a text must not load third-party
// content), tables, setext headings (a line of text over `---` or `===` stays text and a rule),
// and raw HTML (already off with `html: false`; disabled as well so it can never come back).
md.disable(["image", "table", "lheading", "html_block", "html_inline"]);

// Only links with a scheme become links (`https://…`, `mailto:…`): "Node.js" stays text.
md.linkify.set({ fuzzyLink: false, fuzzyIP: false });

const ALLOWED_LINK = /^(?:https?:|mailto:|\/|#)/i;
const EXTERNAL_LINK = /^(?:https?:)?\/\//i;

const defaultValidateLink = md.validateLink.bind(md);
/**
 * markdown-it's own check (no javascript:, vbscript:, file:, data:) and then an allow-list:
 * http(s), mailto, a path of this site (`/…`) or a fragment (`#…`). A refused link stays text.
 */
md.validateLink = (url: string) => {
  const trimmed = url.trim();
  return defaultValidateLink(trimmed) && ALLOWED_LINK.test(trimmed);
};

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (EXTERNAL_LINK.test(token.attrGet("href") ?? "")) {
    token.attrSet("rel", "nofollow noopener noreferrer");
  }
  return self.renderToken(tokens, idx, options);
};

// A fence's info string (```js) is not written out as a class: no attribute carries typed text
// but a link's href and title.
const renderFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  tokens[idx].info = "";
  return renderFence(tokens, idx, options, env, self);
};

/** `#` renders as `h{base}`, `##` as `h{base+1}`, ..., capped at h6. */
function demote(token: Token, env: Env) {
  const level = Number(token.tag.slice(1));
  const base = env.headingBase ?? 3;
  token.tag = `h${Math.min(6, base + level - 1)}`;
}
md.renderer.rules.heading_open = (tokens, idx, options, env: Env, self) => {
  demote(tokens[idx], env);
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_close = (tokens, idx, options, env: Env, self) => {
  demote(tokens[idx], env);
  return self.renderToken(tokens, idx, options);
};

/**
 * A long text as safe HTML ('' for an empty text). `headingBase`: the level of a `#` heading
 * (3 by default: the pages have their h1 and h2; 5 under the resume's h4 items).
 */
export function renderMarkdown(text: string | null | undefined, headingBase: HeadingBase = 3) {
  const source = (text ?? "").trim();
  if (source === "") return "";
  const env: Env = { headingBase };
  return md.render(source, env);
}

function inlineText(children: Token[] | null): string {
  let out = "";
  for (const child of children ?? []) {
    if (child.type === "text" || child.type === "code_inline") out += child.content;
    else if (child.type === "softbreak" || child.type === "hardbreak") out += "\n";
  }
  return out;
}

/**
 * A long text as plain text, for the places that cannot carry HTML (meta descriptions, JSON-LD,
 * feeds, resume.json): the Markdown syntax dropped, link texts kept, entities decoded, one line
 * per paragraph, heading, list item or code line.
 */
export function markdownToText(text: string | null | undefined): string {
  const source = (text ?? "").trim();
  if (source === "") return "";
  const blocks: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type === "inline") blocks.push(inlineText(token.children));
    else if (token.type === "fence" || token.type === "code_block")
      blocks.push(token.content.replace(/\n+$/, ""));
  }
  return blocks
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .join("\n");
}

/** The named long texts of a record rendered (for a loader to send with the record). */
export function renderMarkdownFields<K extends string>(
  record: Record<K, string | null | undefined>,
  names: readonly K[],
  headingBase: HeadingBase = 3,
): Record<K, string> {
  const html = {} as Record<K, string>;
  for (const name of names) html[name] = renderMarkdown(record[name], headingBase);
  return html;
}

/** Rendered previews of the named fields of a submitted form (for a Preview button). */
export function markdownPreviews(form: FormData, names: readonly string[]): Record<string, string> {
  const previews: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    previews[name] = renderMarkdown(typeof value === "string" ? value : "");
  }
  return previews;
}
