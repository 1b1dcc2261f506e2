import { describe, expect, it } from "vitest";
import {
  CARD_HEIGHT,
  CARD_PALETTES,
  CARD_WIDTH,
  cardSvg,
  cardUrl,
  cardVersion,
  cleanText,
  pageCardOfPath,
  pageCardSpec,
  projectCardSpec,
  textWidth,
  titleLineOf,
  wrapText,
} from "./social-card";

const profile = {
  name: "Ada Lovelace",
  description: "Engineer of analytical engines. Also writes notes.",
  image: "/images/abcdefghijklmnop-800x600",
};
const project = {
  title: "Orbit",
  subtitle: "A launch tracker",
  skill: "React",
  level: "Advanced",
  thumbnail: "/images/qrstuvwxyz012345-1600x900",
};

describe("social card template", () => {
  it("escapes owner text for XML: tags, ampersands and quotes never reach the markup raw", () => {
    const card = projectCardSpec(
      {
        ...project,
        thumbnail: "",
        title: `<script>alert("x")</script> & 'co'`,
        subtitle: "a < b & c > d",
      },
      { name: `Tom & "Jerry"` },
      undefined,
    );
    const svg = cardSvg(card);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;");
    expect(svg).toContain(">&apos;co&apos;</text>");
    expect(svg).toContain("a &lt; b &amp; c &gt; d");
    expect(svg).toContain("TOM &amp; &quot;JERRY&quot;");
    // Only the template's own elements: no element name comes from the text.
    const tags = new Set([...svg.matchAll(/<([a-z]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(["circle", "g", "rect", "svg", "text"]);
  });

  it("drops control characters and lone surrogates (they are not XML)", () => {
    expect(cleanText("a\u0000b\u0007c\ud800d\n\te", 100)).toBe("a b cd e");
    expect(cleanText("x".repeat(500), 160)).toHaveLength(160);
  });

  it("is 1200×630 and draws with the site's two theme palettes", () => {
    const dark = cardSvg(pageCardSpec("projects", profile, undefined));
    expect(dark).toContain(`width="${CARD_WIDTH}" height="${CARD_HEIGHT}"`);
    expect(dark).toContain(`fill="${CARD_PALETTES.dark.background}"`);
    const light = cardSvg(pageCardSpec("projects", profile, undefined, { theme: "light" }));
    expect(light).toContain(`fill="${CARD_PALETTES.light.background}"`);
    expect(light).toContain(`fill="${CARD_PALETTES.light.accentBar}"`);
  });

  it("wraps long titles to at most three lines, ending with an ellipsis", () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const lines = wrapText(long, 500, 64, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(textWidth(line, 64)).toBeLessThanOrEqual(500);
    expect(lines[2].endsWith("…")).toBe(true);
    expect(wrapText("Short title", 500, 64, 3)).toEqual(["Short title"]);
    // A word longer than a line is broken, never overflowing.
    const broken = wrapText("x".repeat(200), 300, 64, 3);
    expect(broken).toHaveLength(3);
    for (const line of broken) expect(textWidth(line, 64)).toBeLessThanOrEqual(300);
    const svg = cardSvg(projectCardSpec({ ...project, title: long }, profile, undefined));
    expect(svg.match(/font-size="(52|64)" font-weight="800"/g)).toHaveLength(3);
  });

  it("has a deterministic version that changes with what is drawn", () => {
    const a = projectCardSpec(project, profile, undefined);
    expect(cardVersion(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(cardVersion(projectCardSpec(project, profile, undefined))).toBe(cardVersion(a));
    const changes = [
      projectCardSpec({ ...project, title: "Orbit 2" }, profile, undefined),
      projectCardSpec({ ...project, level: "Beginner" }, profile, undefined),
      projectCardSpec(project, { ...profile, name: "Grace" }, undefined),
      projectCardSpec(project, profile, {
        [project.thumbnail]: { alt: "", caption: "", focalX: 10, focalY: 50 },
      }),
      projectCardSpec(project, profile, undefined, { theme: "light" }),
    ];
    for (const other of changes) expect(cardVersion(other)).not.toBe(cardVersion(a));
    expect(cardUrl({ project: 12 }, a)).toBe(`/og/projects/12.png?v=${cardVersion(a)}`);
    expect(cardUrl({ page: "home" }, pageCardSpec("home", profile, undefined))).toMatch(
      /^\/og\/home\.png\?v=[0-9a-f]{16}$/,
    );
  });

  it("takes only uploaded images as the picture, with their focal point", () => {
    const withDetail = projectCardSpec(project, profile, {
      [project.thumbnail]: { alt: "", caption: "", focalX: 20, focalY: 80 },
    });
    expect(withDetail.picture).toEqual({
      key: "qrstuvwxyz012345-1600x900",
      focalX: 20,
      focalY: 80,
    });
    const external = projectCardSpec(
      { ...project, thumbnail: "https://example.com/t.png" },
      profile,
      undefined,
    );
    expect(external.picture).toBeNull();
  });

  it("names the page of a path, and the owner's title line", () => {
    expect(pageCardOfPath("/")).toBe("home");
    expect(pageCardOfPath("/projects/react")).toBe("react");
    expect(pageCardOfPath("/projects/")).toBe("projects");
    expect(pageCardOfPath("/resume")).toBe("resume");
    expect(pageCardOfPath("/contact")).toBe("contact");
    expect(pageCardOfPath("/nowhere")).toBe("home");
    expect(titleLineOf(profile.description)).toBe("Engineer of analytical engines.");
    expect(titleLineOf("")).toBe("Developer Portfolio");
  });
});
