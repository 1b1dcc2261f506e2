// The JavaScript a page makes a browser download on a first visit: its module preloads, its
// script tags and the static imports of an inline module script, then, file by file, their own
// static imports (`import "./x.js"`, `from "./x.js"`; never `import()`, which loads on demand).
// Returns the file count, raw bytes and gzip bytes (level 9 is not what servers use: default).
import zlib from "node:zlib";

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"'\s]+\.m?js)["']/g;

function scriptsInHtml(html) {
  const found = [];
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g))
    found.push(/\bhref="([^"]+)"/.exec(m[0])?.[1]);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) found.push(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const i of m[1].matchAll(STATIC_IMPORT)) found.push(i[1]);
  return found.filter(Boolean);
}

/** @returns {Promise<{ files: number, raw: number, gzip: number, list: string[] }>} */
export async function javascriptOf(origin, pagePath) {
  const pageUrl = new URL(pagePath, origin);
  const html = await (await fetch(pageUrl)).text();
  const queue = scriptsInHtml(html).map((src) => new URL(src, pageUrl).href);
  const seen = new Set();
  let raw = 0;
  let gzip = 0;
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url) || new URL(url).origin !== pageUrl.origin) continue;
    seen.add(url);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
    for (const m of body.toString("utf8").matchAll(STATIC_IMPORT))
      queue.push(new URL(m[1], url).href);
  }
  const list = [...seen].map((u) => new URL(u).pathname);
  return { files: seen.size, raw, gzip, list };
}
