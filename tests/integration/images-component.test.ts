import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Image, capDensity, type ImageProps } from "~/components/image";
import { parseImageKey, variantWidths } from "~/utils/image-variants";

const html = (props: ImageProps) => renderToStaticMarkup(createElement(Image, props));
const KEY = "abcdefgh12345678-4000x3000";
const DETAIL_SIZES_CAPPED =
  "((min-width: 1024px)) and (min-resolution: 2.5dppx) calc(976px * 2 / 3), (min-width: 1024px) 976px, " +
  "(min-resolution: 2.5dppx) calc(100vw * 2 / 3), 100vw";

describe("<Image> for an uploaded image", () => {
  it("renders a picture with AVIF and WebP srcsets, a JPEG fallback, sizes and dimensions", () => {
    const out = html({
      src: `/images/${KEY}`,
      alt: "ShopSphere thumbnail",
      sizes: "(min-width: 1024px) 976px, 100vw",
      className: "h-full w-full object-cover",
    });
    const set = (ext: string) =>
      [320, 640, 960, 1600].map((w) => `/images/${KEY}/${w}.${ext} ${w}w`).join(", ");
    expect(out).toContain('<picture class="contents">');
    expect(out).toContain(
      `<source type="image/avif" srcSet="${set("avif")}" sizes="${DETAIL_SIZES_CAPPED}"/>`,
    );
    expect(out).toContain(`<source type="image/webp" srcSet="${set("webp")}"`);
    expect(out).toContain(`src="/images/${KEY}/960.jpg" srcSet="${set("jpg")}"`);
    expect(out).toContain('alt="ShopSphere thumbnail" width="4000" height="3000"');
    expect(out).toContain('class="h-full w-full object-cover"');
    expect(out).toContain(`background-image:url(/images/${KEY}/placeholder.webp)`);
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('decoding="async"');
    expect(out).not.toContain("fetchpriority");
  });

  it("loads the priority image eagerly with fetchpriority=high", () => {
    const out = html({ src: `/images/${KEY}`, alt: "Portrait", priority: true, sizes: "90vw" });
    expect(out).toContain('loading="eager"');
    expect(out).toContain('fetchpriority="high"');
    expect(out).not.toContain("decoding");
  });

  it("lets lazy images without sizes use their laid-out width", () => {
    expect(html({ src: `/images/${KEY}`, alt: "x" })).toContain('sizes="auto, 100vw"');
    expect(html({ src: `/images/${KEY}`, alt: "x", priority: true })).toContain(
      'sizes="(min-resolution: 2.5dppx) calc(100vw * 2 / 3), 100vw"',
    );
  });

  it("offers only the widths stored for a small image and no placeholder behind transparency", () => {
    const out = html({ src: "/images/abcdefgh12345678-500x500t", alt: "Logo" });
    expect(out).toContain(
      'srcSet="/images/abcdefgh12345678-500x500t/320.avif 320w, /images/abcdefgh12345678-500x500t/500.avif 500w"',
    );
    expect(out).toContain('src="/images/abcdefgh12345678-500x500t/500.jpg"');
    expect(out).not.toContain("background-image");
  });

  it("keeps other img attributes given by the caller", () => {
    const out = html({
      src: `/images/${KEY}`,
      alt: "x",
      width: 640,
      height: 400,
      "data-testid": "thumb",
    } as ImageProps);
    expect(out).toContain('width="640" height="400"');
    expect(out).toContain('data-testid="thumb"');
  });
});

describe("<Image> for other sources", () => {
  it.each(["https://cdn.example.com/a.png", "/logo.svg", "/images/not-our-key"])(
    "shows %s as a plain img",
    (src) => {
      const out = html({ src, alt: "External", sizes: "50vw", className: "c" });
      expect(out).toBe(
        `<img src="${src}" alt="External" sizes="50vw" class="c" loading="lazy" decoding="async"/>`,
      );
    },
  );
});

describe("capDensity", () => {
  it.each([
    ["112px", "(min-resolution: 2.5dppx) calc(112px * 2 / 3), 112px"],
    [
      "(min-width: 640px) min(50vw, 480px), 100vw",
      "((min-width: 640px)) and (min-resolution: 2.5dppx) calc(min(50vw, 480px) * 2 / 3), " +
        "(min-width: 640px) min(50vw, 480px), (min-resolution: 2.5dppx) calc(100vw * 2 / 3), 100vw",
    ],
    [
      "(max-width: 600px) and (orientation: portrait) 90vw, calc(50vw - 2rem)",
      "((max-width: 600px) and (orientation: portrait)) and (min-resolution: 2.5dppx) calc(90vw * 2 / 3), " +
        "(max-width: 600px) and (orientation: portrait) 90vw, " +
        "(min-resolution: 2.5dppx) calc(calc(50vw - 2rem) * 2 / 3), calc(50vw - 2rem)",
    ],
    ["auto, 100vw", "auto, 100vw"],
  ])("asks dense screens for 2/3 of %s", (sizes, expected) => {
    expect(capDensity(sizes)).toBe(expected);
  });
});

describe("image keys", () => {
  it("derive the stored widths from the original width", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1600]);
    expect(variantWidths(1600)).toEqual([320, 640, 960, 1600]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(12)).toEqual([12]);
  });

  it.each([
    "abcdefgh12345678-0x10",
    "abcdefgh12345678-010x10",
    "ABCDEFGH12345678-10x10",
    "abcdefgh1234567-10x10",
    "abcdefgh12345678-10x10x",
    "../abcdefgh12345678-10x10",
    "abcdefgh12345678-123456x10",
  ])("refuses the malformed key %s", (key) => {
    expect(parseImageKey(key)).toBeNull();
  });
});
