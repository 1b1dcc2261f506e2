// Demo images for the seed, drawn locally (no network) and put through the real upload
// pipeline: a profile picture, a thumbnail per demo project and a few shared gallery
// screenshots. Encoded once per machine and cached in the OS temp folder, so seeding a fresh
// database (every e2e server start) only copies files.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createUploadedImage, getUploadedImage } from "~/models/image.server";
import { imageKeyFromRef, imageRef, makeImageKey, parseImageKey } from "~/utils/image-variants";
import {
  ENCODER_VERSION,
  encodeAndStoreImage,
  imageDir,
  type EncodedImage,
} from "~/utils/images.server";

type DemoImage = { id: string; width: number; height: number; svg: () => string };

const esc = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';

/** A portrait: soft studio backdrop and a stylised person. */
function portraitSvg(width: number, height: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="bg" cx="0.35" cy="0.3" r="0.9">
        <stop offset="0" stop-color="#c7d2fe"/><stop offset="0.6" stop-color="#6366f1"/><stop offset="1" stop-color="#312e81"/>
      </radialGradient>
      <linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#134e4a"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.15}" r="${width * 0.22}" fill="#ffffff" opacity="0.12"/>
    <path d="M ${width * 0.1} ${height} C ${width * 0.12} ${height * 0.72}, ${width * 0.3} ${height * 0.64}, ${width * 0.5} ${height * 0.64} C ${width * 0.7} ${height * 0.64}, ${width * 0.88} ${height * 0.72}, ${width * 0.9} ${height} Z" fill="url(#shirt)"/>
    <rect x="${width * 0.44}" y="${height * 0.5}" width="${width * 0.12}" height="${height * 0.16}" rx="${width * 0.04}" fill="#d9a07a"/>
    <ellipse cx="${width * 0.5}" cy="${height * 0.4}" rx="${width * 0.17}" ry="${height * 0.16}" fill="#e8b48f"/>
    <path d="M ${width * 0.33} ${height * 0.38} C ${width * 0.32} ${height * 0.2}, ${width * 0.68} ${height * 0.2}, ${width * 0.67} ${height * 0.38} C ${width * 0.6} ${height * 0.3}, ${width * 0.42} ${height * 0.3}, ${width * 0.33} ${height * 0.38} Z" fill="#3f2a1d"/>
  </svg>`;
}

const HUES = [221, 262, 173, 24, 199, 340, 145, 45, 290, 12, 230, 190];

/** A project thumbnail: a browser window showing the project's landing page. */
function thumbnailSvg(width: number, height: number, title: string, subtitle: string, i: number) {
  const h = HUES[i % HUES.length];
  const w = width * 0.84;
  const x = width * 0.08;
  const y = height * 0.12;
  const cards = [0, 1, 2]
    .map(
      (c) =>
        `<rect x="${x + 40 + c * ((w - 80) / 3)}" y="${y + 330}" width="${(w - 80) / 3 - 20}" height="110" rx="14" fill="hsl(${h}, 60%, ${92 - c * 3}%)"/>
         <rect x="${x + 60 + c * ((w - 80) / 3)}" y="${y + 352}" width="60" height="60" rx="12" fill="hsl(${h + c * 25}, 70%, 55%)"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${h}, 75%, 55%)"/><stop offset="1" stop-color="hsl(${h + 40}, 70%, 35%)"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <circle cx="${width * 0.92}" cy="${height * 0.08}" r="${height * 0.3}" fill="#fff" opacity="0.08"/>
    <rect x="${x}" y="${y}" width="${w}" height="${height}" rx="18" fill="#ffffff"/>
    <rect x="${x}" y="${y}" width="${w}" height="44" rx="18" fill="#f1f5f9"/>
    <circle cx="${x + 26}" cy="${y + 22}" r="7" fill="#f87171"/><circle cx="${x + 48}" cy="${y + 22}" r="7" fill="#fbbf24"/><circle cx="${x + 70}" cy="${y + 22}" r="7" fill="#34d399"/>
    <rect x="${x + 100}" y="${y + 12}" width="${w * 0.5}" height="20" rx="10" fill="#e2e8f0"/>
    <text x="${x + 40}" y="${y + 140}" ${FONT} font-size="52" font-weight="bold" fill="#0f172a">${esc(title)}</text>
    <text x="${x + 40}" y="${y + 190}" ${FONT} font-size="26" fill="#475569">${esc(subtitle)}</text>
    <rect x="${x + 40}" y="${y + 230}" width="170" height="52" rx="26" fill="hsl(${h}, 75%, 50%)"/>
    <text x="${x + 125}" y="${y + 264}" ${FONT} font-size="20" font-weight="bold" fill="#fff" text-anchor="middle">Get started</text>
    ${cards}
  </svg>`;
}

/** A gallery screenshot: one of a few app screens, tinted. */
function screenSvg(width: number, height: number, kind: number) {
  const h = [205, 150, 265, 30][kind];
  const bars = [0.55, 0.8, 0.4, 0.95, 0.65, 0.75, 0.5]
    .map(
      (v, b) =>
        `<rect x="${280 + b * 66}" y="${520 - v * 300}" width="40" height="${v * 300}" rx="6" fill="hsl(${h}, 70%, ${45 + (b % 3) * 8}%)"/>`,
    )
    .join("");
  const rows = [0, 1, 2, 3, 4, 5]
    .map(
      (r) =>
        `<rect x="250" y="${120 + r * 72}" width="500" height="56" rx="10" fill="${r % 2 ? "#f8fafc" : "#f1f5f9"}"/>
         <circle cx="282" cy="${148 + r * 72}" r="16" fill="hsl(${h + r * 30}, 65%, 60%)"/>
         <rect x="312" y="${138 + r * 72}" width="${180 + ((r * 53) % 160)}" height="10" rx="5" fill="#94a3b8"/>
         <rect x="312" y="${154 + r * 72}" width="${120 + ((r * 31) % 90)}" height="8" rx="4" fill="#cbd5e1"/>`,
    )
    .join("");
  const body = [
    `<text x="260" y="110" ${FONT} font-size="28" font-weight="bold" fill="#0f172a">Analytics</text>${bars}`,
    `<text x="260" y="100" ${FONT} font-size="28" font-weight="bold" fill="#0f172a">Inbox</text>${rows}`,
    `<rect x="400" y="70" width="240" height="480" rx="32" fill="#0f172a"/><rect x="414" y="96" width="212" height="430" rx="18" fill="hsl(${h}, 70%, 96%)"/>
     <rect x="430" y="120" width="180" height="110" rx="14" fill="hsl(${h}, 70%, 55%)"/><rect x="430" y="246" width="180" height="16" rx="8" fill="#94a3b8"/>
     <rect x="430" y="272" width="120" height="12" rx="6" fill="#cbd5e1"/><rect x="430" y="310" width="180" height="70" rx="12" fill="#fff"/><rect x="430" y="392" width="180" height="70" rx="12" fill="#fff"/>`,
    `<text x="260" y="110" ${FONT} font-size="28" font-weight="bold" fill="#0f172a">Settings</text>
     ${[0, 1, 2, 3].map((f) => `<rect x="260" y="${140 + f * 90}" width="120" height="12" rx="6" fill="#64748b"/><rect x="260" y="${160 + f * 90}" width="460" height="44" rx="10" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>`).join("")}
     <rect x="260" y="510" width="150" height="46" rx="23" fill="hsl(${h}, 70%, 50%)"/>`,
  ][kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f8fafc"/>
    <rect width="210" height="${height}" fill="hsl(${h}, 45%, 18%)"/>
    <rect x="28" y="32" width="120" height="22" rx="11" fill="hsl(${h}, 70%, 60%)"/>
    ${[0, 1, 2, 3, 4].map((n) => `<rect x="28" y="${100 + n * 46}" width="${110 + ((n * 37) % 40)}" height="14" rx="7" fill="#ffffff" opacity="${n === kind ? 0.9 : 0.35}"/>`).join("")}
    ${body}
  </svg>`;
}

/** The drawing behind a demo image reference (see demo-content.ts); null for anything else. */
export function demoImageFor(
  ref: string,
  projects: { title: string; subtitle: string }[],
): DemoImage | null {
  const key = imageKeyFromRef(ref);
  const info = parseImageKey(key);
  if (!key || !info) return null;
  const id = key.slice(0, 16);
  const { width, height } = info;
  if (id === "demoprofileimage")
    return { id, width, height, svg: () => portraitSvg(width, height) };
  const thumb = /^demothumbnail(\d{3})$/.exec(id);
  if (thumb) {
    const i = Number(thumb[1]) - 1;
    const p = projects[i] ?? { title: "Demo project", subtitle: "" };
    return { id, width, height, svg: () => thumbnailSvg(width, height, p.title, p.subtitle, i) };
  }
  const screen = /^demogallery(\d{5})$/.exec(id);
  if (screen) {
    const kind = (Number(screen[1]) - 1) % 4;
    return { id, width, height, svg: () => screenSvg(width, height, kind) };
  }
  return null;
}

/** Makes sure every demo image among `refs` is stored (files and row); others are ignored. */
export async function ensureDemoImages(
  refs: string[],
  projects: { title: string; subtitle: string }[],
): Promise<void> {
  const images = [...new Set(refs)]
    .map((ref) => demoImageFor(ref, projects))
    .filter((image): image is DemoImage => image !== null);
  await Promise.all(images.map(ensureDemoImage));
}

const cacheRoot = () => path.join(os.tmpdir(), "folio-demo-images");

function cacheKey(image: DemoImage) {
  return crypto
    .createHash("sha256")
    .update(`${ENCODER_VERSION}|${sharp.versions.vips}|${image.svg()}`)
    .digest("hex")
    .slice(0, 16);
}

type Manifest = Omit<EncodedImage, "key"> & { key: string };

/** Puts a demo image's files in UPLOADS_DIR and its row in the database; returns its reference. */
async function ensureDemoImage(image: DemoImage): Promise<string> {
  const key = makeImageKey(image.id, image.width, image.height, false);
  const dir = imageDir(key);
  if (!dir) throw new Error(`Bad demo image key ${key}`);
  if ((await getUploadedImage(key)) && fs.existsSync(dir)) return imageRef(key);

  const cached = path.join(cacheRoot(), `${key}-${cacheKey(image)}`);
  const manifestFile = path.join(cached, "manifest.json");
  let manifest: Manifest | null = null;
  if (fs.existsSync(manifestFile)) {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    fs.mkdirSync(dir, { recursive: true });
    for (const file of fs.readdirSync(cached)) {
      if (file !== "manifest.json") fs.copyFileSync(path.join(cached, file), path.join(dir, file));
    }
  } else {
    const png = await sharp(Buffer.from(image.svg())).png({ compressionLevel: 1 }).toBuffer();
    manifest = await encodeAndStoreImage(png, { random: image.id });
    if (manifest.key !== key) throw new Error(`Demo image ${key} came out as ${manifest.key}`);
    // Written to a private folder then renamed, so parallel seeds never see half a cache.
    const temp = `${cached}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    try {
      fs.mkdirSync(temp, { recursive: true });
      for (const file of fs.readdirSync(dir))
        fs.copyFileSync(path.join(dir, file), path.join(temp, file));
      fs.writeFileSync(path.join(temp, "manifest.json"), JSON.stringify(manifest));
      fs.renameSync(temp, cached);
    } catch {
      // No cache (read-only temp, or another seed won the rename): the next seed encodes again.
      fs.rmSync(temp, { recursive: true, force: true });
    }
  }
  if (!(await getUploadedImage(key))) await createUploadedImage({ ...manifest, key });
  return imageRef(key);
}
