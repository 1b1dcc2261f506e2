// Social cards on the server: the card of a page or a published project from the database,
// rendered from its SVG (social-card.ts) to a 1200×630 PNG with sharp (librsvg draws the text
// with the system's fonts through fontconfig), the picture composited from the uploaded
// image's stored variant (read from UPLOADS_DIR only, never fetched), cached on disk as
// `<card>-<theme>-<version>.png` in the social cards folder. A content change changes the
// version, so the next request makes a new file and removes the card's older ones.
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getProfile } from "~/models/profile.server";
import { getProject } from "~/models/project.server";
import { getImageDetails } from "~/models/image-detail.server";
import { env } from "./env.server";
import { MAX_INPUT_PIXELS, uploadsDir } from "./images.server";
import { parseImageKey } from "./image-variants";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  PICTURE_BOX,
  cardSvg,
  cardVersion,
  pageCardSpec,
  projectCardSpec,
  type CardSpec,
  type CardTheme,
  type PageCardKind,
} from "./social-card";

/** Most card files kept on disk; past it the oldest go (each card keeps only its newest anyway). */
const MAX_CACHED_CARDS = 2000;

/** The folder of the rendered cards: SOCIAL_CARDS_DIR, or `social-cards` beside the uploads. */
export function socialCardsDir(): string {
  const configured = env().SOCIAL_CARDS_DIR;
  return configured
    ? path.resolve(configured)
    : path.join(path.dirname(uploadsDir()), "social-cards");
}

/** A card to answer: its name on disk (without version) and what it shows. */
export type CardTarget = { name: string; card: CardSpec };

/** The card of a public page (the profile and its picture's focal point from the database). */
export async function pageCard(kind: PageCardKind, theme: CardTheme): Promise<CardTarget> {
  const profile = await getProfile();
  const details = profile?.image ? await getImageDetails([profile.image]) : undefined;
  return { name: `page-${kind}`, card: pageCardSpec(kind, profile, details, { theme }) };
}

/** The card of a published project; null for a draft or an unknown id. */
export async function projectCard(id: number, theme: CardTheme): Promise<CardTarget | null> {
  const project = await getProject(id);
  if (!project) return null;
  const [profile, details] = await Promise.all([
    getProfile(),
    project.thumbnail ? getImageDetails([project.thumbnail]) : Promise.resolve(undefined),
  ]);
  return { name: `project-${id}`, card: projectCardSpec(project, profile, details, { theme }) };
}

/** The stored variant to draw from: the narrowest at least as wide as the panel (2x), else the widest. */
function variantFile(key: string): string | null {
  const info = parseImageKey(key);
  if (!info) return null;
  const wide = info.widths.find((w) => w >= PICTURE_BOX.width * 2) ?? info.widths.at(-1)!;
  return path.join(uploadsDir(), info.key, `${wide}.jpg`);
}

/** The picture cropped around its focal point to the panel, with rounded corners; null if unreadable. */
async function pictureLayer(picture: NonNullable<CardSpec["picture"]>): Promise<Buffer | null> {
  const file = variantFile(picture.key);
  if (!file) return null;
  try {
    const input = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await input.metadata();
    if (!meta.width || !meta.height) return null;
    const box = PICTURE_BOX;
    const scale = Math.max(box.width / meta.width, box.height / meta.height);
    const w = Math.max(box.width, Math.round(meta.width * scale));
    const h = Math.max(box.height, Math.round(meta.height * scale));
    const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
    const left = clamp((picture.focalX / 100) * w - box.width / 2, w - box.width);
    const top = clamp((picture.focalY / 100) * h - box.height / 2, h - box.height);
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" rx="${box.radius}" fill="#fff"/></svg>`,
    );
    return await input
      .resize(w, h, { fit: "fill" })
      .extract({ left, top, width: box.width, height: box.height })
      .ensureAlpha()
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Renders a card to PNG bytes (1200×630). */
export async function renderCard(card: CardSpec): Promise<Buffer> {
  const base = sharp(Buffer.from(cardSvg(card)), { density: 72 });
  const picture = card.picture ? await pictureLayer(card.picture) : null;
  const layers = picture ? [{ input: picture, left: PICTURE_BOX.left, top: PICTURE_BOX.top }] : [];
  return base
    .composite(layers)
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: "fill" })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

const inFlight = new Map<string, Promise<Buffer>>();

const versionedName = (name: string, card: CardSpec, version: string) =>
  `${name}-${card.theme}-${version}.png`;

/** Removes the older versions of a card, and the oldest files past MAX_CACHED_CARDS. */
async function pruneCards(dir: string, keep: string, prefix: string): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const same = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[0-9a-f]{16}\\.png$`);
  await Promise.all(
    names
      .filter((n) => n !== keep && same.test(n))
      .map((n) => fsp.rm(path.join(dir, n), { force: true })),
  );
  const pngs = names.filter((n) => n.endsWith(".png") && !same.test(n));
  if (pngs.length + 1 <= MAX_CACHED_CARDS) return;
  const stats = await Promise.all(
    pngs.map(async (n) => ({
      n,
      t: (await fsp.stat(path.join(dir, n)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  stats.sort((a, b) => a.t - b.t);
  const extra = stats.slice(0, pngs.length + 1 - MAX_CACHED_CARDS);
  await Promise.all(extra.map(({ n }) => fsp.rm(path.join(dir, n), { force: true })));
}

/**
 * The card's PNG bytes: read from its file on disk, or rendered and written (temp file +
 * rename) when missing; concurrent requests for the same missing card share one rendering.
 */
export async function cardPng({ name, card }: CardTarget, version = cardVersion(card)) {
  const dir = socialCardsDir();
  const fileName = versionedName(name, card, version);
  const file = path.join(dir, fileName);
  const stored = await fsp.readFile(file).catch(() => null);
  if (stored) return stored;
  let pending = inFlight.get(fileName);
  if (!pending) {
    pending = (async () => {
      const png = await renderCard(card);
      const temp = path.join(dir, `.${fileName}.${process.pid}.${Date.now()}.tmp`);
      try {
        await fsp.mkdir(dir, { recursive: true });
        await fsp.writeFile(temp, png);
        await fsp.rename(temp, file);
        await pruneCards(dir, fileName, `${name}-${card.theme}-`).catch(() => undefined);
      } catch (error) {
        // A full or read-only disk: the card is still answered, just made again next time.
        console.error("Could not cache the social card", fileName, error);
        await fsp.rm(temp, { force: true }).catch(() => undefined);
      }
      return png;
    })().finally(() => inFlight.delete(fileName));
    inFlight.set(fileName, pending);
  }
  return pending;
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Answers a card: PNG, an ETag of its version, `immutable` when the URL's `?v=` is the current
 * version (the meta tags' URLs), an hour otherwise; 304 on If-None-Match; HEAD without a body.
 */
export async function cardResponse(request: Request, target: CardTarget | null): Promise<Response> {
  if (!target) return notFound();
  const version = cardVersion(target.card);
  const asked = new URL(request.url).searchParams.get("v");
  const etag = `"${version}-${target.card.theme}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": asked === version ? IMMUTABLE : SHORT,
    ETag: etag,
  });
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const png = await cardPng(target, version);
  headers.set("Content-Length", String(png.length));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(png), { status: 200, headers });
}

/** The `?theme=` of a card URL: dark (the default) or light; anything else is not a card. */
export function themeOf(request: Request): CardTheme | null {
  const theme = new URL(request.url).searchParams.get("theme");
  if (theme === null || theme === "" || theme === "dark") return "dark";
  return theme === "light" ? "light" : null;
}
