// Social cards (Open Graph / Twitter images): what one card shows, its version hash and its SVG.
// Client-safe and pure, so the pages' meta functions compute the same version the image route
// renders (the `?v=` of the meta tag URL), and the template is unit-testable. The server side
// (rendering to PNG with sharp, the picture, the disk cache) is social-card.server.ts.
import type { ImageDetails } from "~/entities/image-detail";
import { imageKeyFromRef } from "./image-variants";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bump when the drawing changes: every card gets a new version (and file). */
export const CARD_TEMPLATE_VERSION = "1";

/** The public pages that have a card of their own (URL `/og/<kind>.png`). */
export const PAGE_CARDS = ["home", "projects", "react", "laravel", "resume", "contact"] as const;
export type PageCardKind = (typeof PAGE_CARDS)[number];

export const CARD_THEMES = ["dark", "light"] as const;
export type CardTheme = (typeof CARD_THEMES)[number];
/** The meta tags' cards: the dark palette (stands out in light and dark feeds alike). */
export const DEFAULT_CARD_THEME: CardTheme = "dark";

/**
 * The site's two theme palettes (app/styles/app.css): the dark theme's surfaces, text and
 * link blue, the light theme's white, slate text and brand blues. The accent bar is the brand
 * colour (brand-500 #2563eb / brand-600) in both.
 */
export const CARD_PALETTES = {
  dark: {
    background: "#0b1220",
    panel: "#1e293b",
    text: "#f1f5f9",
    muted: "#cbd5e1",
    accent: "#93c5fd",
    accentBar: "#2563eb",
    badge: "#172554",
    badgeText: "#93c5fd",
  },
  light: {
    background: "#ffffff",
    panel: "#e2e8f0",
    text: "#0f172a",
    muted: "#475569",
    accent: "#1e40af",
    accentBar: "#2563eb",
    badge: "#eef6ff",
    badgeText: "#1e40af",
  },
} as const satisfies Record<CardTheme, Record<string, string>>;

/** Everything drawn on a card (its version is the hash of this). */
export type CardSpec = {
  theme: CardTheme;
  /** Small line above the heading (the owner's name, "Portfolio" on the home card). */
  label: string;
  /** The big text: a project's title, a page's name, the owner's name on the home card. */
  heading: string;
  /** Under the heading: a project's subtitle, or the owner's title line. */
  detail: string;
  /** Pills under the text (a project's skill and level). */
  badges: string[];
  /** The footer: the owner's name and title line. */
  footer: string;
  /** An uploaded image drawn in the picture panel (its key and focal point), or none. */
  picture: { key: string; focalX: number; focalY: number } | null;
};

/** Upper bounds of what a card carries (the inputs are owner text of bounded length anyway). */
const MAX = { label: 80, heading: 160, detail: 300, badge: 40, footer: 160 } as const;

/** Text safe to put in XML: no control characters or lone surrogates, whitespace collapsed. */
export function cleanText(value: string | null | undefined, max: number): string {
  return (
    String(value ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g, " ")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, max)
  );
}

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );
}

/** The owner's title line: the first sentence of the profile's description. */
export function titleLineOf(description: string | null | undefined): string {
  const text = cleanText(description, 1000);
  if (!text) return "Developer Portfolio";
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return sentence.length > 120 ? `${sentence.slice(0, 119).trimEnd()}…` : sentence;
}

const PAGE_HEADINGS: Record<PageCardKind, string> = {
  home: "",
  projects: "Projects",
  react: "React Projects",
  laravel: "Laravel Projects",
  resume: "Resume",
  contact: "Contact",
};

/** The page card of a URL path (unknown paths get the home card). */
export function pageCardOfPath(pathname: string): PageCardKind {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/projects/react") return "react";
  if (path === "/projects/laravel") return "laravel";
  if (path === "/projects") return "projects";
  if (path === "/resume") return "resume";
  if (path === "/contact") return "contact";
  return "home";
}

export type CardProfile = {
  name?: string | null;
  description?: string | null;
  image?: string | null;
};

/** The uploaded picture of `src` with its focal point; null for external URLs and no image. */
function pictureOf(src: string | null | undefined, details: ImageDetails | undefined) {
  const key = imageKeyFromRef(src);
  if (!key || !src) return null;
  const detail = details?.[src];
  return { key, focalX: detail?.focalX ?? 50, focalY: detail?.focalY ?? 50 };
}

function spec(fields: Omit<CardSpec, "badges" | "picture"> & Partial<CardSpec>): CardSpec {
  return {
    theme: fields.theme,
    label: cleanText(fields.label, MAX.label),
    heading: cleanText(fields.heading, MAX.heading),
    detail: cleanText(fields.detail, MAX.detail),
    badges: (fields.badges ?? []).map((b) => cleanText(b, MAX.badge)).filter(Boolean),
    footer: cleanText(fields.footer, MAX.footer),
    picture: fields.picture ?? null,
  };
}

const nameOf = (profile: CardProfile | null | undefined, fallback: string) =>
  cleanText(profile?.name, MAX.label) || fallback;

/** The card of a public page: the owner's name and title line, the page's name, their picture. */
export function pageCardSpec(
  kind: PageCardKind,
  profile: CardProfile | null | undefined,
  details: ImageDetails | undefined,
  { theme = DEFAULT_CARD_THEME, fallbackName = "Portfolio" } = {},
): CardSpec {
  const name = nameOf(profile, fallbackName);
  const titleLine = titleLineOf(profile?.description);
  const home = kind === "home";
  return spec({
    theme,
    label: home ? "Portfolio" : name,
    heading: home ? name : PAGE_HEADINGS[kind],
    detail: titleLine,
    footer: home ? "Developer Portfolio" : `${name} · Developer Portfolio`,
    picture: pictureOf(profile?.image, details),
  });
}

export type CardProject = {
  title: string;
  subtitle?: string | null;
  shortDescription?: string | null;
  skill?: string | null;
  level?: string | null;
  thumbnail?: string | null;
};

/** A project's card: its title, subtitle, skill and level, thumbnail, and the owner. */
export function projectCardSpec(
  project: CardProject,
  profile: CardProfile | null | undefined,
  details: ImageDetails | undefined,
  { theme = DEFAULT_CARD_THEME, fallbackName = "Portfolio" } = {},
): CardSpec {
  const name = nameOf(profile, fallbackName);
  return spec({
    theme,
    label: name,
    heading: project.title,
    detail: project.subtitle || project.shortDescription || "",
    badges: [project.skill ?? "", project.level ?? ""],
    footer: `${name} · ${titleLineOf(profile?.description)}`,
    picture: pictureOf(project.thumbnail, details),
  });
}

/** 64-bit FNV-1a of a string's UTF-16 code units, as 16 hex digits (deterministic, no crypto). */
export function hash64(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & mask;
  }
  return h.toString(16).padStart(16, "0");
}

/** The card's version: a hash of everything drawn on it and of the template. */
export function cardVersion(card: CardSpec): string {
  return hash64(JSON.stringify([CARD_TEMPLATE_VERSION, card]));
}

/** The card's image URL (path) with its version, e.g. `/og/projects/12.png?v=…`. */
export function cardUrl(
  target: { page: PageCardKind } | { project: number },
  card: CardSpec,
): string {
  const path = "page" in target ? `/og/${target.page}.png` : `/og/projects/${target.project}.png`;
  const theme = card.theme === DEFAULT_CARD_THEME ? "" : `&theme=${card.theme}`;
  return `${path}?v=${cardVersion(card)}${theme}`;
}

// ---- The drawing ----

/** Rough advance widths of DejaVu/Liberation Sans, in em (enough to wrap without metrics). */
function charWidth(c: string): number {
  if (/[iljtf.,;:'!|()[\]\s]/.test(c)) return 0.34;
  if (/[mwMW@%]/.test(c)) return 0.92;
  if (/[A-Z0-9#&]/.test(c)) return 0.7;
  if (/[a-z?$]/.test(c)) return 0.6;
  // Wide scripts (CJK, emoji) take about a full em.
  return c.codePointAt(0)! > 0x2e80 ? 1 : 0.62;
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charWidth(c);
  return em * fontSize;
}

/** Cuts `text` to fit `width`, ending with an ellipsis when anything was cut. */
function ellipsize(text: string, width: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const chars = [...text];
  while (chars.length && textWidth(`${chars.join("").trimEnd()}…`, fontSize) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/**
 * Wraps `text` into at most `maxLines` lines of at most `width` pixels at `fontSize`; a word
 * longer than a line is broken, and the last line ends with an ellipsis when text is left over.
 */
export function wrapText(
  text: string,
  width: number,
  fontSize: number,
  maxLines: number,
): string[] {
  const words = text.split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    const word = words[i];
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= width) {
      line = candidate;
      i++;
      continue;
    }
    if (line) {
      lines.push(line);
      line = "";
      continue;
    }
    // A single word wider than the line: break it.
    const chars = [...word];
    let part = "";
    while (chars.length && textWidth(part + chars[0], fontSize) <= width) part += chars.shift();
    if (!part) part = chars.shift() ?? "";
    lines.push(part);
    words[i] = chars.join("");
    if (!words[i]) i++;
  }
  // (the loop ends with a pending line only once every word is placed, and a line is free)
  if (line) lines.push(line);
  if (i < words.length && lines.length) {
    const last = lines.length - 1;
    lines[last] = ellipsize(`${lines[last]}…`, width, fontSize);
    if (!lines[last].endsWith("…")) lines[last] = `${lines[last]}…`;
  }
  return lines;
}

export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const PAD = 80;
/** Where the picture goes (composited by the server over the panel drawn here). */
export const PICTURE_BOX = { left: 700, top: 135, width: 420, height: 360, radius: 24 } as const;

/** The card as SVG (1200×630); every text escaped. The picture itself is composited later. */
export function cardSvg(card: CardSpec): string {
  const p = CARD_PALETTES[card.theme];
  const withPicture = card.picture !== null;
  const textWidthMax = (withPicture ? PICTURE_BOX.left - 40 : CARD_WIDTH - PAD) - PAD;
  const headingSize = card.heading.length > 60 ? 52 : 64;
  const heading = wrapText(card.heading, textWidthMax, headingSize, 3);
  const detail = wrapText(card.detail, textWidthMax, 28, heading.length > 2 ? 1 : 2);
  const label = ellipsize(card.label.toUpperCase(), textWidthMax, 24);
  const footer = ellipsize(card.footer, CARD_WIDTH - 2 * PAD - 120, 24);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${p.background}"/>`,
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="12" fill="${p.accentBar}"/>`,
    `<circle cx="${CARD_WIDTH - 40}" cy="${CARD_HEIGHT + 60}" r="260" fill="${p.accentBar}" fill-opacity="0.12"/>`,
    `<g font-family="${escapeXml(FONT_FAMILY)}">`,
  );
  let y = 130;
  out.push(
    `<text x="${PAD}" y="${y}" font-size="24" font-weight="700" letter-spacing="2" fill="${p.accent}">${escapeXml(label)}</text>`,
  );
  y += 36;
  for (const line of heading) {
    y += Math.round(headingSize * 1.15);
    out.push(
      `<text x="${PAD}" y="${y}" font-size="${headingSize}" font-weight="800" fill="${p.text}">${escapeXml(line)}</text>`,
    );
  }
  y += 20;
  for (const line of detail) {
    y += 40;
    out.push(
      `<text x="${PAD}" y="${y}" font-size="28" fill="${p.muted}">${escapeXml(line)}</text>`,
    );
  }
  if (card.badges.length) {
    let x = PAD;
    const top = Math.min(y + 36, 470);
    for (const badge of card.badges) {
      const text = ellipsize(badge, 260, 22);
      const w = Math.round(textWidth(text, 22) * 1.1 + 36);
      if (x + w > PAD + textWidthMax) break;
      out.push(
        `<rect x="${x}" y="${top}" width="${w}" height="44" rx="22" fill="${p.badge}"/>`,
        `<text x="${x + 18}" y="${top + 30}" font-size="22" font-weight="600" fill="${p.badgeText}">${escapeXml(text)}</text>`,
      );
      x += w + 12;
    }
  }
  out.push(
    `<rect x="${PAD}" y="${CARD_HEIGHT - 96}" width="48" height="6" rx="3" fill="${p.accentBar}"/>`,
    `<text x="${PAD + 64}" y="${CARD_HEIGHT - 84}" font-size="24" fill="${p.muted}">${escapeXml(footer)}</text>`,
  );
  if (withPicture) {
    const b = PICTURE_BOX;
    out.push(
      `<rect x="${b.left}" y="${b.top}" width="${b.width}" height="${b.height}" rx="${b.radius}" fill="${p.panel}"/>`,
    );
  }
  out.push("</g></svg>");
  return out.join("\n");
}
