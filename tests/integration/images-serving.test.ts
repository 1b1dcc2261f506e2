import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fileLoader } from "~/routes/images.$key_.$file";
import { loader as refLoader } from "~/routes/images.$key";
import { imageKeyFromRef } from "~/utils/image-variants";
import { parseFormWithImages } from "~/utils/uploads.server";
import { file, photo } from "../fixtures/images";
import { ORIGIN, run } from "../support/requests";

let key: string;

beforeAll(async () => {
  const body = new FormData();
  body.append("image", file(await photo({ width: 1200, height: 800 }), "p.jpg", "image/jpeg"));
  const { form } = await parseFormWithImages(new Request(`${ORIGIN}/x`, { method: "POST", body }), {
    fields: ["image"],
  });
  key = imageKeyFromRef(form.get("image") as string)!;
});

function get(url: string, init: RequestInit = {}) {
  const request = new Request(new URL(url, ORIGIN), init);
  const [, , k, f] = new URL(url, ORIGIN).pathname.split("/");
  const params = f === undefined ? { key: k } : { key: k, file: f };
  const loader = f === undefined ? refLoader : fileLoader;
  return run(() => loader({ request, params, context: {} }) as Promise<Response>);
}

describe("serving stored images", () => {
  it.each([
    ["320.avif", "image/avif", "heif", 320],
    ["640.webp", "image/webp", "webp", 640],
    ["1200.jpg", "image/jpeg", "jpeg", 1200],
    ["placeholder.webp", "image/webp", "webp", 16],
  ])("serves %s with its type, immutable caching and an ETag", async (name, type, fmt, w) => {
    const res = await get(`/images/${key}/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(type);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toMatch(/^".+"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(bytes.equals(fs.readFileSync(path.join(process.env.UPLOADS_DIR!, key, name)))).toBe(
      true,
    );
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width]).toEqual([fmt, w]);
  });

  it("answers the plain reference /images/<key> with the 960 JPEG", async () => {
    const res = await get(`/images/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 960, 640]);
  });

  it("answers 304 without a body when the ETag matches, 200 when it does not", async () => {
    const first = await get(`/images/${key}/640.avif`);
    const etag = first.headers.get("ETag")!;
    const again = await get(`/images/${key}/640.avif`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
    const listed = await get(`/images/${key}/640.avif`, {
      headers: { "If-None-Match": `"other", W/${etag}` },
    });
    expect(listed.status).toBe(304);
    const stale = await get(`/images/${key}/640.avif`, { headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(`/images/${key}/960.webp`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    const size = fs.statSync(path.join(process.env.UPLOADS_DIR!, key, "960.webp")).size;
    expect(res.headers.get("Content-Length")).toBe(String(size));
    expect(res.body).toBeNull();
  });

  it.each([
    () => `/images/${key}/1600.jpg`, // not made: the original is 1200 wide
    () => `/images/${key}/500.webp`,
    () => `/images/${key}/640.png`,
    () => `/images/${key}/640.avif.bak`,
    () => `/images/${key}/0640.avif`,
    () => `/images/${key}/placeholder.jpg`,
    () => `/images/${key.replace(/^./, key[0] === "a" ? "b" : "a")}/640.webp`,
    () => `/images/aaaaaaaaaaaaaaaa-1200x800`,
    () => `/images/not-a-key/640.webp`,
  ])("answers 404 for an unknown file (%#)", async (url) => {
    const res = await get(url());
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["..", "640.webp"],
    [`${key}/..`, "640.webp"],
    ["..%2F..%2Fetc", "passwd"],
    ["../../etc", "passwd"],
    [key, "../../../etc/passwd"],
    [key, "..%2F..%2Fpackage.json"],
    [key, "..\\..\\package.json"],
    [key, "/etc/passwd"],
    [key, "640.webp\0.txt"],
  ])("answers 404 to a traversal attempt (key %s, file %s)", async (k, f) => {
    const res = await run(
      () =>
        fileLoader({
          request: new Request(`${ORIGIN}/images/x/y`),
          params: { key: k, file: f },
          context: {},
        }) as Promise<Response>,
    );
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Image not found");
  });
});
