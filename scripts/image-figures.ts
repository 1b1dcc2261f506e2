// Measures the image pipeline on a sample 4000x3000 photo: upload-to-saved time, the bytes of
// each variant against the original, and what a phone and a desktop really download for a
// project detail page's thumbnail (real Chromium choosing from the <Image> srcset).
// Run: npx tsx scripts/image-figures.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";

const ROOT = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "folio-image-figures-"));
process.env.DATABASE_URL = `file:${path.join(work, "figures.db")}`;
process.env.UPLOADS_DIR = path.join(work, "uploads");
process.env.NODE_ENV = "test";
fs.mkdirSync(process.env.UPLOADS_DIR, { recursive: true });

/** The sizes the public project detail page gives its thumbnail (app/routes/_site.projects.$id.tsx). */
const DETAIL_SIZES = "(min-width: 1024px) 976px, 100vw";
const DEVICES = [
  { name: "phone 360px DPR 3", width: 360, height: 780, dpr: 3, mobile: true },
  { name: "phone 360px DPR 2", width: 360, height: 740, dpr: 2, mobile: true },
  { name: "desktop 1440px DPR 1", width: 1440, height: 900, dpr: 1, mobile: false },
  { name: "desktop 1440px DPR 2", width: 1440, height: 900, dpr: 2, mobile: false },
];

/** A camera-like photo: a landscape with soft edges, fine detail and sensor grain, as a JPEG. */
async function samplePhoto(width = 4000, height = 3000): Promise<Buffer> {
  const hills = (y: number, amp: number, color: string, seed: number) => {
    const points: string[] = [];
    for (let x = 0; x <= width; x += 40) {
      const v =
        Math.sin((x / width) * 6 + seed) * amp +
        Math.sin((x / width) * 23 + seed * 2) * amp * 0.25 +
        Math.sin((x / width) * 71 + seed * 3) * amp * 0.06;
      points.push(`${x},${(y + v).toFixed(1)}`);
    }
    return `<polygon fill="${color}" points="0,${height} ${points.join(" ")} ${width},${height}"/>`;
  };
  const trees = Array.from({ length: 140 }, (_, i) => {
    const x = (i * 977) % width;
    const s = 60 + ((i * 37) % 140);
    const y = height * 0.78 + ((i * 53) % 300);
    return `<polygon fill="hsl(${110 + (i % 30)}, 35%, ${18 + (i % 12)}%)" points="${x},${y - s * 2} ${x - s / 2},${y} ${x + s / 2},${y}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#3b6cb7"/><stop offset="0.55" stop-color="#f3b37a"/><stop offset="1" stop-color="#f7d9a8"/>
      </linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient>
      <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#6d8fb8"/><stop offset="1" stop-color="#23405f"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.68}" cy="${height * 0.42}" r="${height * 0.22}" fill="url(#sun)"/>
    ${hills(height * 0.5, 160, "#6b5b7b", 1)}
    ${hills(height * 0.58, 120, "#4d5e6e", 2.3)}
    <rect y="${height * 0.66}" width="${width}" height="${height * 0.2}" fill="url(#lake)"/>
    ${hills(height * 0.8, 90, "#2f4a2c", 4.1)}
    ${trees}
  </svg>`;
  const scene = await sharp(Buffer.from(svg)).blur(1.2).raw().toBuffer({ resolveWithObject: true });
  // Texture at several scales (foliage, ripples, rock) plus fine sensor grain: detail that
  // survives downscaling, as in a real photo.
  const octave = async (divisor: number, sigma: number) =>
    sharp({
      create: {
        width: Math.ceil(width / divisor),
        height: Math.ceil(height / divisor),
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: "cubic", fit: "fill" })
      .extractChannel(0)
      .raw()
      .toBuffer();
  // Luminance texture (foliage, ripples, rock) at three scales, then sensor grain.
  const octaves = await Promise.all([octave(40, 30), octave(10, 30), octave(2.5, 30)]);
  const grain = await octave(1, 6);
  const pixels = Buffer.alloc(width * height * 3);
  const { data, info } = scene;
  for (let p = 0; p < width * height; p++) {
    // Texture is strong in the land and water (the lower part), faint in the sky.
    const row = Math.floor(p / width) / height;
    const weight = 0.15 + 0.85 / (1 + Math.exp(-(row - 0.5) * 30));
    const light =
      ((octaves[0][p] - 128) * 0.5 + (octaves[1][p] - 128) * 0.6 + (octaves[2][p] - 128) * 0.6) *
        weight +
      (grain[p] - 128);
    for (let c = 0; c < 3; c++) {
      const v = data[p * info.channels + c] + light;
      pixels[p * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: "FolioCam", Model: "Sample" } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  execFileSync(path.join(ROOT, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: process.env,
    stdio: "pipe",
  });
  const { parseFormWithImages } = await import("~/utils/uploads.server");
  const { imageFileResponse } = await import("~/utils/images.server");
  const { imageKeyFromRef } = await import("~/utils/image-variants");
  const { Image } = await import("~/components/image");
  const { disconnectDb } = await import("~/models/db.server");

  console.log("Making a 4000x3000 sample photo...");
  const original = await samplePhoto();
  if (process.env.FIGURES_KEEP_SAMPLE) fs.writeFileSync(process.env.FIGURES_KEEP_SAMPLE, original);
  console.log(`Original JPEG (camera-like, q92): ${kb(original.length)}\n`);

  // Upload-to-saved: the multipart request through parsing, checks, encoding, files and row.
  const runs: number[] = [];
  const cpu: number[] = [];
  let ref = "";
  for (let i = 0; i < 3; i++) {
    const body = new FormData();
    body.append("image", new File([new Uint8Array(original)], "photo.jpg", { type: "image/jpeg" }));
    const request = new Request("http://localhost/upload", { method: "POST", body });
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const { form } = await parseFormWithImages(request, { fields: ["image"] });
    runs.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    ref = form.get("image") as string;
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[1] / 1000;
  console.log(
    `Upload-to-saved time: median ${median(runs).toFixed(2)} s wall (runs ${runs.map((r) => (r / 1000).toFixed(2)).join(" / ")} s), ${median(cpu).toFixed(2)} s of CPU; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs\n`,
  );

  const key = imageKeyFromRef(ref)!;
  const dir = path.join(process.env.UPLOADS_DIR!, key);
  const rows: string[] = [];
  for (const w of [320, 640, 960, 1600]) {
    const size = (ext: string) => fs.statSync(path.join(dir, `${w}.${ext}`)).size;
    const cells = ["avif", "webp", "jpg"].map(
      (ext) =>
        `${kb(size(ext)).padStart(9)} (${((size(ext) / original.length) * 100).toFixed(1)}%)`,
    );
    rows.push(`${String(w).padStart(5)}  ${cells.join("  ")}`);
  }
  const placeholder = fs.statSync(path.join(dir, "placeholder.webp")).size;
  console.log("Variant bytes (share of the original):");
  console.log(`width  ${"AVIF".padEnd(18)}  ${"WebP".padEnd(18)}  JPEG`);
  console.log(rows.join("\n"));
  console.log(`placeholder.webp: ${placeholder} bytes\n`);

  // What a browser downloads: Chromium picks from the real <Image> markup.
  const markup = renderToStaticMarkup(
    createElement(Image, {
      src: ref,
      alt: "Sample thumbnail",
      sizes: DETAIL_SIZES,
      priority: true,
      className: "h-full w-full object-cover",
    }),
  );
  const page = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
    <style>body{margin:0}.contents{display:contents}.box{max-width:976px;margin:0 auto;aspect-ratio:16/9;overflow:hidden}
    .h-full{height:100%}.w-full{width:100%}.object-cover{object-fit:cover}</style></head>
    <body><div class="box">${markup}</div></body></html>`;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/") {
      res.writeHead(200, { "Content-Type": "text/html" }).end(page);
      return;
    }
    const [, , k, f] = url.pathname.split("/");
    const response = await imageFileResponse(new Request(url), k, f ?? null);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  console.log(`Project detail thumbnail (sizes="${DETAIL_SIZES}"), what Chromium downloads:`);
  for (const device of DEVICES) {
    const context = await browser.newContext({
      viewport: { width: device.width, height: device.height },
      deviceScaleFactor: device.dpr,
      isMobile: device.mobile,
      hasTouch: device.mobile,
    });
    const p = await context.newPage();
    const pending: Promise<{ url: string; bytes: number }>[] = [];
    p.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith("/images/")) return;
      pending.push(
        request.sizes().then((sizes) => ({
          url: url.pathname.split("/").pop()!,
          bytes: sizes.responseBodySize,
        })),
      );
    });
    await p.goto(`http://127.0.0.1:${port}/`, { waitUntil: "networkidle" });
    const images = await Promise.all(pending);
    const total = images.reduce((n, i) => n + i.bytes, 0);
    console.log(
      `  ${device.name.padEnd(22)} ${images.map((i) => `${i.url} ${kb(i.bytes)}`).join(" + ")} = ${kb(total)}`,
    );
    await context.close();
  }
  await browser.close();
  server.close();
  await disconnectDb();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
