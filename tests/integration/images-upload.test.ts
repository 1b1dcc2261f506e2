import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";
import {
  decompressionBombPng,
  file,
  filesUnder,
  pdfDocument,
  photo,
  sidewaysJpegWithGps,
  svgImage,
} from "../fixtures/images";
import { ORIGIN, formRequest } from "../support/requests";

const uploads = () => process.env.UPLOADS_DIR as string;

async function upload(fields: Record<string, string | Blob | Array<string | Blob>>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields))
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  const request = new Request(`${ORIGIN}/dashboard/admin/profile`, { method: "POST", body });
  return parseFormWithImages(request, {
    fields: ["image", "thumbnail", "images"],
    maxFilesPerField: { image: 1, thumbnail: 1, images: 4 },
  });
}

async function refusal(promise: Promise<unknown>): Promise<ImageUploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageUploadError);
  return error as ImageUploadError;
}

beforeEach(async () => {
  await prisma.uploadedImage.deleteMany();
  fs.rmSync(uploads(), { recursive: true, force: true });
  fs.mkdirSync(uploads(), { recursive: true });
});

describe("accepted images", () => {
  it.each([
    ["JPEG", "jpeg", "image/jpeg", "a.jpg"],
    ["PNG", "png", "image/png", "a.png"],
    ["WebP", "webp", "image/webp", "a.webp"],
    ["AVIF", "avif", "image/avif", "a.avif"],
    ["GIF", "gif", "image/gif", "a.gif"],
  ] as const)(
    "re-encodes a %s into AVIF, WebP and JPEG variants and records it",
    async (_label, format, type, name) => {
      const bytes = await photo({ width: 700, height: 500 }, format);
      const { form, uploaded } = await upload({ image: file(bytes, name, type), name: "Alex" });

      const ref = form.get("image") as string;
      expect(ref).toMatch(/^\/images\/[a-z0-9]{16}-700x500$/);
      expect(uploaded).toEqual([ref]);
      expect(form.get("name")).toBe("Alex");

      const key = imageKeyFromRef(ref)!;
      const row = await prisma.uploadedImage.findUniqueOrThrow({ where: { key } });
      expect(row).toMatchObject({ width: 700, height: 500, widths: "320,640,700" });
      expect(row.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(row.placeholder.length).toBeLessThan(1000);

      const files = filesUnder(path.join(uploads(), key));
      expect(files).toEqual(
        [
          "320.avif",
          "320.jpg",
          "320.webp",
          "640.avif",
          "640.jpg",
          "640.webp",
          "700.avif",
          "700.jpg",
          "700.webp",
          "placeholder.webp",
        ].sort(),
      );
      const total = files.reduce((n, f) => n + fs.statSync(path.join(uploads(), key, f)).size, 0);
      expect(row.bytes).toBe(total);

      for (const [f, fmt, w, h] of [
        ["320.avif", "heif", 320, 229],
        ["640.webp", "webp", 640, 457],
        ["700.jpg", "jpeg", 700, 500],
      ] as const) {
        const meta = await sharp(path.join(uploads(), key, f)).metadata();
        expect([f, meta.format, meta.width, meta.height]).toEqual([f, fmt, w, h]);
      }
    },
  );

  it("never upscales and stops at 1600 wide for large originals", async () => {
    const small = await upload({
      image: file(await photo({ width: 200, height: 150 }), "s.jpg", "image/jpeg"),
    });
    const smallKey = imageKeyFromRef(small.form.get("image") as string)!;
    expect(smallKey).toMatch(/-200x150$/);
    expect(
      (await prisma.uploadedImage.findUniqueOrThrow({ where: { key: smallKey } })).widths,
    ).toBe("200");

    const large = await upload({
      image: file(await photo({ width: 2000, height: 1000 }, "png"), "l.png", "image/png"),
    });
    const largeKey = imageKeyFromRef(large.form.get("image") as string)!;
    expect(largeKey).toMatch(/-2000x1000$/);
    const row = await prisma.uploadedImage.findUniqueOrThrow({ where: { key: largeKey } });
    expect(row.widths).toBe("320,640,960,1600");
    const biggest = await sharp(path.join(uploads(), largeKey, "1600.jpg")).metadata();
    expect([biggest.width, biggest.height]).toEqual([1600, 800]);
    expect(fs.existsSync(path.join(uploads(), largeKey, "2000.jpg"))).toBe(false);
  });

  it("applies the EXIF orientation and strips EXIF and GPS from every variant", async () => {
    const original = await sidewaysJpegWithGps({ width: 600, height: 400 });
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("FolioCam");

    const { form } = await upload({ image: file(original, "sideways.jpg", "image/jpeg") });
    const key = imageKeyFromRef(form.get("image") as string)!;
    expect(key).toMatch(/-400x600$/);
    for (const f of filesUnder(path.join(uploads(), key))) {
      const full = path.join(uploads(), key, f);
      const meta = await sharp(full).metadata();
      expect(meta.exif, f).toBeUndefined();
      expect(meta.xmp, f).toBeUndefined();
      expect(meta.orientation ?? 1, f).toBe(1);
      const raw = fs.readFileSync(full).toString("latin1");
      expect(raw).not.toContain("FolioCam");
      expect(raw).not.toContain("Owner Private");
    }
    const variant = await sharp(path.join(uploads(), key, "320.jpg")).metadata();
    expect([variant.width, variant.height]).toEqual([320, 480]);
  });

  it("keeps transparency in AVIF/WebP, flattens the JPEG fallback and marks the key", async () => {
    const png = await photo({ width: 400, height: 400 }, "png", { alpha: true });
    const { form } = await upload({ image: file(png, "logo.png", "image/png") });
    const key = imageKeyFromRef(form.get("image") as string)!;
    expect(key).toMatch(/-400x400t$/);
    expect((await sharp(path.join(uploads(), key, "400.webp")).metadata()).hasAlpha).toBe(true);
    expect((await sharp(path.join(uploads(), key, "400.jpg")).metadata()).hasAlpha).toBe(false);
  });
});

describe("the form around the images", () => {
  it("passes text fields through, drops empty file inputs and files of other names", async () => {
    const { form, uploaded } = await upload({
      name: "Zoë “quoted” <b>",
      image: new File([], "", { type: "application/octet-stream" }),
      other: file(await photo({ width: 50, height: 50 }), "x.jpg", "image/jpeg"),
      tags: ["a", "b"],
    });
    expect(form.get("name")).toBe("Zoë “quoted” <b>");
    expect(form.getAll("tags")).toEqual(["a", "b"]);
    expect(form.has("image")).toBe(false);
    expect(form.has("other")).toBe(false);
    expect(uploaded).toEqual([]);
    expect(await prisma.uploadedImage.count()).toBe(0);
    expect(filesUnder(uploads())).toEqual([]);
  });

  it('drops an empty file input as a browser sends it (filename="")', async () => {
    const boundary = "----WebKitFormBoundaryabc123";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename=""\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const request = new Request(`${ORIGIN}/x`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    const { form, uploaded } = await parseFormWithImages(request, { fields: ["thumbnail"] });
    expect([...form.keys()]).toEqual(["title"]);
    expect(uploaded).toEqual([]);
  });

  it("stores several images under one field in order", async () => {
    const images = await Promise.all(
      [300, 310, 320, 330].map(async (w) =>
        file(await photo({ width: w, height: 100 }), `${w}.jpg`, "image/jpeg"),
      ),
    );
    const { form, uploaded } = await upload({ images });
    const refs = form.getAll("images") as string[];
    expect(refs.map((r) => r.replace(/^.*-/, ""))).toEqual([
      "300x100",
      "310x100",
      "320x100",
      "330x100",
    ]);
    expect(uploaded).toEqual(refs);
    expect(await prisma.uploadedImage.count()).toBe(4);
  });

  it("reads a form that is not multipart as it is", async () => {
    const request = formRequest("/x", { name: "Alex" });
    const urlEncoded = new Request(request.url, {
      method: "POST",
      body: new URLSearchParams({ name: "Alex", image: "https://example.com/a.png" }),
    });
    const { form, uploaded } = await parseFormWithImages(urlEncoded, { fields: ["image"] });
    expect(form.get("name")).toBe("Alex");
    expect(form.get("image")).toBe("https://example.com/a.png");
    expect(uploaded).toEqual([]);
  });
});

describe("refused uploads", () => {
  const NOT_AN_IMAGE = "Image upload failed: the file is not a JPEG, PNG, WebP, AVIF or GIF image";
  const DAMAGED = "Image upload failed: the file is damaged or not a complete image";

  it.each([
    ["a PDF renamed to .jpg", () => pdfDocument(), "photo.jpg", "image/jpeg", NOT_AN_IMAGE],
    ["an SVG", () => svgImage(), "logo.svg", "image/svg+xml", NOT_AN_IMAGE],
    [
      "a text file",
      () => Buffer.from("hello world, not an image"),
      "a.png",
      "image/png",
      NOT_AN_IMAGE,
    ],
    [
      "a truncated JPEG",
      async () => {
        const b = await photo({ width: 800, height: 600 });
        return b.subarray(0, Math.floor(b.length / 2));
      },
      "cut.jpg",
      "image/jpeg",
      DAMAGED,
    ],
    [
      "a PNG with a valid signature and garbage after it",
      () => Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(2000, 0x42)]),
      "bad.png",
      "image/png",
      DAMAGED,
    ],
    [
      "a decompression bomb (20000 x 20000 pixels in a few KB)",
      () => decompressionBombPng(),
      "bomb.png",
      "image/png",
      "Image upload failed: the image is too large (more than 50 megapixels)",
    ],
  ] as const)(
    "refuses %s with its reason and stores nothing",
    async (_l, make, name, type, msg) => {
      const bytes = await make();
      const error = await refusal(upload({ image: file(Buffer.from(bytes), name, type) }));
      expect(error.message).toBe(msg);
      expect(error.status).toBe(400);
      expect(await prisma.uploadedImage.count()).toBe(0);
      expect(filesUnder(uploads())).toEqual([]);
    },
  );

  it("removes images already stored when a later file of the same form is refused", async () => {
    const good = file(await photo({ width: 400, height: 300 }), "good.jpg", "image/jpeg");
    const error = await refusal(
      upload({
        thumbnail: good,
        images: [file(await photo({ width: 300, height: 300 }), "g.jpg", "image/jpeg")],
        image: file(pdfDocument(), "cv.jpg", "image/jpeg"),
      }),
    );
    expect(error.message).toBe(NOT_AN_IMAGE);
    expect(await prisma.uploadedImage.count()).toBe(0);
    expect(filesUnder(uploads())).toEqual([]);
  });

  it("refuses more files than a field allows", async () => {
    const images = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) =>
        file(await photo({ width: 100 + i, height: 100 }), `${i}.jpg`, "image/jpeg"),
      ),
    );
    const error = await refusal(upload({ images }));
    expect(error.message).toBe("Image upload failed: at most 4 images can be uploaded here");
    expect(error.status).toBe(400);
    expect(await prisma.uploadedImage.count()).toBe(0);
    expect(filesUnder(uploads())).toEqual([]);
  });

  it("refuses an over-size file while it is still arriving, keeping none of it but the typed text after it", async () => {
    const boundary = "----folio-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAlex\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    );
    const jpegStart = (await photo({ width: 64, height: 64 })).subarray(0, 64);
    const chunk = Buffer.alloc(64 * 1024, 0x55);
    const totalChunks = 30 * 16; // 30 MB of file data would follow
    let sentChunks = 0;
    let sentBytes = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
        controller.enqueue(new Uint8Array(jpegStart));
        sentBytes += head.length + jpegStart.length;
      },
      pull(controller) {
        if (sentChunks === totalChunks) {
          controller.enqueue(
            new TextEncoder().encode(
              `\r\n--${boundary}\r\nContent-Disposition: form-data; name="after"\r\n\r\n` +
                `Typed after the file\r\n--${boundary}--\r\n`,
            ),
          );
          controller.close();
          return;
        }
        sentChunks += 1;
        sentBytes += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const request = new Request(`${ORIGIN}/upload`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      // Node needs this for a streamed request body.
      duplex: "half",
    });
    const error = await refusal(parseFormWithImages(request, { fields: ["image"] }));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Image upload failed: the file is larger than 10 MB");
    // The rest of the file was read and dropped (the whole form's cap bounds it: see
    // body-limits.test.ts), so the text typed after it comes back with the refusal.
    expect(sentBytes).toBeGreaterThan(30 * 1024 * 1024);
    expect(error.values).toEqual({ name: "Alex", after: "Typed after the file" });
    expect(await prisma.uploadedImage.count()).toBe(0);
    expect(filesUnder(uploads())).toEqual([]);
  });
});
