import { describe, expect, it } from "vitest";
import { markdownPreviews, markdownToText, renderMarkdown } from "./markdown.server";

const TAGS = ["p", "br", "strong", "em", "s", "code", "pre", "blockquote", "ul", "ol", "li"];
const SUBSET = [...TAGS, "a", "h3", "h4", "h5", "h6", "hr"];
/** A tag as markdown-it writes it: a name, then attributes whose values are double-quoted. */
const TAG = /<(\/?)([a-z0-9]+)((?:\s[a-z-]+="[^"]*")*)\s*>/gi;

/** What no rendered text may ever contain. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<img/i);
  // Every `<` opens a tag of the subset (anything else was escaped as `&lt;`) ...
  const tags = [...html.matchAll(TAG)];
  expect(tags.length).toBe(html.split("<").length - 1);
  for (const [, , name, attributes] of tags) {
    expect(SUBSET).toContain(name.toLowerCase());
    // ... whose attributes are only href, title and rel (no on*=, no style=) ...
    const names = [...attributes.matchAll(/\s([a-z-]+)="/gi)].map((m) => m[1].toLowerCase());
    for (const attribute of names) expect(["href", "title", "rel"]).toContain(attribute);
  }
  // ... and no link to a script, vbscript, data or file address.
  for (const [, href] of html.matchAll(/href="([^"]*)"/gi)) {
    expect(href.trim()).toMatch(/^(?:https?:|mailto:|\/|#|$)/i);
    expect(href).not.toMatch(/(?:javascript|vbscript|data|file):/i);
  }
}

const XSS: Array<[string, string]> = [
  ["a script element", "<script>alert(1)</script>"],
  ["an image with onerror", "<img src=x onerror=alert(1)>"],
  ["a javascript: link", "[x](javascript:alert(1))"],
  ["a JAVASCRIPT: link in capitals", "[x](JAVASCRIPT:alert(1))"],
  ["a scheme cut by a newline", "[x](java\nscript:alert(1))"],
  ["a scheme cut by a tab", "[x](java\tscript:alert(1))"],
  ["a scheme written with an entity", "[x](&#106;avascript:alert(1))"],
  ["a scheme written with a hex entity", "[x](&#x6A;avascript:alert(1))"],
  ["a scheme with a percent escape", "[x](javascript%3Aalert(1))"],
  ["a data: HTML link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["a data: image link", "[x](data:image/png;base64,iVBORw0KGgo=)"],
  ["a vbscript: link", "[x](vbscript:msgbox(1))"],
  ["a file: link", "[x](file:///etc/passwd)"],
  ["an image with a javascript: source", "![x](javascript:alert(1))"],
  ["an image from a tracker", "![x](https://tracker.example/pixel.png)"],
  ["a raw anchor", '<a href="javascript:alert(1)">x</a>'],
  ["an svg with onload", "<svg onload=alert(1)>"],
  ["an iframe", '<iframe src="https://evil.example"></iframe>'],
  ["an attribute break-out", '"><script>alert(1)</script>'],
  ["an autolink to javascript:", "<javascript:alert(1)>"],
  ["an autolink to data:", "<data:text/html,<script>alert(1)</script>>"],
  ["spaces before the scheme", "[x](  javascript:alert(1))"],
  ["a destination in angle brackets", "[x](<javascript:alert(1)>)"],
  ["a reference definition", "[x]\n\n[x]: javascript:alert(1)"],
  ["a title with quotes", '[x](https://a.example "\\" onmouseover=alert(1)")'],
  ["a title in single quotes", "[x](https://a.example 'x\\' onmouseover=alert(1) ')"],
  ["HTML entities", "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;"],
  ["a style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["an inline HTML comment", "<!-- <script>alert(1)</script> -->"],
  ["an HTML block", "<div>\n<script>alert(1)</script>\n</div>"],
  ["a linkified javascript:", "javascript:alert(1)"],
  ["a code span", "`<script>alert(1)</script>`"],
  ["a fenced block with a language", '```"><script>alert(1)</script>\nx\n```'],
  ["a link text with HTML", "[<img src=x onerror=alert(1)>](https://a.example)"],
];

describe("renderMarkdown: the XSS table", () => {
  it.each(XSS)("%s renders harmless", (_name, text) => {
    const html = renderMarkdown(text);
    expectHarmless(html);
  });

  it("escapes what it does not render", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n",
    );
    expect(renderMarkdown("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>\n");
    // The quote of a title stays inside the attribute.
    expect(renderMarkdown('[x](https://a.example "\\" onmouseover=alert(1)")')).toContain(
      'title="&quot; onmouseover=alert(1)"',
    );
  });
});

describe("renderMarkdown: the subset", () => {
  it("renders emphasis, strong, strikethrough and inline code", () => {
    expect(renderMarkdown("**bold** *it* ~~gone~~ `a < b`")).toBe(
      "<p><strong>bold</strong> <em>it</em> <s>gone</s> <code>a &lt; b</code></p>\n",
    );
  });

  it("renders lists, block quotes, code blocks and rules", () => {
    expect(renderMarkdown("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
    expect(renderMarkdown("1. one\n2. two")).toBe("<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n");
    expect(renderMarkdown("> said")).toBe("<blockquote>\n<p>said</p>\n</blockquote>\n");
    expect(renderMarkdown("```\n<b>x</b>\n```")).toBe(
      "<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>\n",
    );
    expect(renderMarkdown("a\n\n---\n\nb")).toBe("<p>a</p>\n<hr>\n<p>b</p>\n");
  });

  it("demotes headings under the page's own (h3 by default, capped at h6)", () => {
    expect(renderMarkdown("# One\n## Two\n###### Six")).toBe(
      "<h3>One</h3>\n<h4>Two</h4>\n<h6>Six</h6>\n",
    );
    expect(renderMarkdown("# One", 5)).toBe("<h5>One</h5>\n");
    // A line over `---` is no heading (setext headings are off).
    expect(renderMarkdown("Title\n---")).toBe("<p>Title</p>\n<hr>\n");
  });

  it("links http(s) with rel, and mailto, paths and fragments without", () => {
    expect(renderMarkdown("[site](https://example.com/a?b=1&c=2)")).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">site</a></p>\n',
    );
    expect(renderMarkdown("[me](mailto:me@example.com) [p](/projects/1) [t](#top)")).toBe(
      '<p><a href="mailto:me@example.com">me</a> <a href="/projects/1">p</a> <a href="#top">t</a></p>\n',
    );
    expect(renderMarkdown("see https://example.com")).toContain(
      '<a href="https://example.com" rel="nofollow noopener noreferrer">https://example.com</a>',
    );
    // Other schemes and relative paths without a slash stay text.
    expect(renderMarkdown("[f](ftp://example.com) [r](page.html)")).not.toContain("<a");
    // A name with a dot is no link (links need their scheme).
    expect(renderMarkdown("Built with Node.js and Vue.js")).toBe(
      "<p>Built with Node.js and Vue.js</p>\n",
    );
  });

  it("renders no images and no tables", () => {
    expect(renderMarkdown("![alt](https://example.com/x.png)")).not.toContain("<img");
    expect(renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |")).not.toContain("<table");
  });

  it("renders a plain multi-line text as before: paragraphs and line breaks, prose escaped", () => {
    expect(renderMarkdown("Line one\nLine two\n\nI <3 Tom & Jerry, 2 * 3 = 6")).toBe(
      "<p>Line one<br>\nLine two</p>\n<p>I &lt;3 Tom &amp; Jerry, 2 * 3 = 6</p>\n",
    );
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown("   \n ")).toBe("");
    expect(renderMarkdown(null)).toBe("");
  });
});

describe("markdownToText", () => {
  it("drops the syntax, keeps the words and link texts, decodes entities", () => {
    expect(
      markdownToText("# Hi\n\n**Bold** and [a link](https://example.com) & <b>\n\n- one\n- two"),
    ).toBe("Hi\nBold and a link & <b>\none\ntwo");
    expect(markdownToText("Line one\nLine two")).toBe("Line one\nLine two");
    expect(markdownToText("```\ncode()\n```")).toBe("code()");
    expect(markdownToText("&copy; 2024")).toBe("© 2024");
    expect(markdownToText("")).toBe("");
  });
});

describe("markdownPreviews", () => {
  it("renders each named field of a form, '' for a missing or empty one", () => {
    const form = new FormData();
    form.set("longDescription", "**Hi**");
    form.set("strategy", "");
    form.set("title", "**not markdown**");
    expect(markdownPreviews(form, ["longDescription", "strategy", "design"])).toEqual({
      longDescription: "<p><strong>Hi</strong></p>\n",
      strategy: "",
      design: "",
    });
  });
});
