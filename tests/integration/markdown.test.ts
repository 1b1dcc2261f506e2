// Markdown in the long texts (docs/markdown.md) through the real production server: the public
// pages render the safe subset (a typed <script> comes out escaped), the REST API answers the
// stored text unchanged, the plain-text uses (feeds, JSON-LD, meta descriptions, the footer,
// resume.json) carry no Markdown syntax, and each form's Preview button works without
// JavaScript: 200, the rendered preview, what was typed kept, nothing saved.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  call,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  pngBlob,
  projectBody,
  queryOne,
  signIn,
  snapshot,
  withCookie,
  type Caller,
} from "./api-client";

const LONG = [
  "Built with **care** and *taste*.",
  "Second line of the first paragraph",
  "",
  "<script>alert('long')</script>",
  "",
  "[bad](javascript:alert(1)) and [good](https://example.com/good)",
].join("\n");
const STRATEGY = "- first step\n- second step";
const ABOUT = "I build **fast** apps & <tools>.\n\nSee [my work](/projects).";
const EDUCATION_TEXT = "Thesis on *compilers*\n<img src=x onerror=alert(1)>";
const EXPERIENCE_TEXT = "Led the **platform** team";

let server: TestServer;
let owner: Caller;
let projectId: string;

/** Runs one write against the server's database (the test's own setup, outside the app). */
function write(sql: string, ...params: unknown[]) {
  const db = new Database(server.databaseFile, { fileMustExist: true });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

async function page(path: string, caller: Caller = anonymous) {
  const res = await call(server, caller, "GET", path);
  expect(res.status, path).toBe(200);
  return res.text;
}

/** Posts a form as a browser without JavaScript does (no `_data`: the answer is the page). */
async function postPage(path: string, body: FormData | URLSearchParams) {
  return call(server, owner, "POST", path, body);
}

/** The preview section of the field whose input id ends with `name`, as HTML. */
function previewOf(html: string, name: string): string {
  const match = html.match(
    new RegExp(`<section aria-labelledby="[^"]*${name}-preview"[^>]*>([\\s\\S]*?)</section>`),
  );
  if (!match) throw new Error(`no preview of ${name} in the page`);
  return match[1];
}

/** The text of the textarea named `name` (HTML-escaped as in the page). */
function textareaOf(html: string, name: string): string | undefined {
  return html.match(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`))?.[1];
}

function expectNoInjection(html: string) {
  expect(html).not.toMatch(/<script>alert/);
  expect(html).not.toMatch(/href="javascript:/i);
  expect(html).not.toMatch(/<img src="?x"? onerror/i);
}

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { OWNER_EMAIL, OWNER_PASSWORD, RATE_LIMIT_DISABLED: "1" },
  });
  owner = withCookie(server, await signIn(server));
  const created = await call(
    server,
    owner,
    "POST",
    "/addprotfolio",
    projectBody({
      title: "Markdown project",
      longDescription: LONG,
      strategy: STRATEGY,
      design: "Plain design text\nwith a second line & a < sign",
      userExperience: "",
      shortDescription: "A **short** one",
      skill: "React",
    }),
  );
  expect(created.status).toBe(201);
  projectId = String(created.json.insertedId);
  const profile = (await call(server, anonymous, "GET", "/adduser")).json[0];
  write(`UPDATE "Profile" SET description = ? WHERE id = ?`, ABOUT, profile.id);
  write(`UPDATE "Education" SET description = ? WHERE id = (SELECT MIN(id) FROM "Education")`, [
    EDUCATION_TEXT,
  ]);
  write(`UPDATE "Experience" SET description = ? WHERE id = (SELECT MIN(id) FROM "Experience")`, [
    EXPERIENCE_TEXT,
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe("public pages render the subset", () => {
  it("the project page renders the long description and story blocks, escaping HTML", async () => {
    const html = await page(`/projects/${projectId}`);
    expect(html).toContain("Built with <strong>care</strong> and <em>taste</em>.<br>");
    expect(html).toContain("<p>&lt;script&gt;alert('long')&lt;/script&gt;</p>");
    expect(html).toContain("[bad](javascript:alert(1))");
    expect(html).toContain(
      '<a href="https://example.com/good" rel="nofollow noopener noreferrer">good</a>',
    );
    expect(html).toContain("<li>first step</li>");
    // A plain text renders as before: its lines kept, its characters escaped.
    expect(html).toContain("<p>Plain design text<br>\nwith a second line &amp; a &lt; sign</p>");
    expectNoInjection(html);
  });

  it("the admin project view renders the same texts", async () => {
    const html = await page(`/dashboard/admin/portfolio-view/${projectId}`, owner);
    expect(html).toContain("<strong>care</strong>");
    expect(html).toContain("<li>first step</li>");
    expectNoInjection(html);
  });

  it("the home page renders the about text and the resume's descriptions", async () => {
    const html = await page("/");
    expect(html).toContain("I build <strong>fast</strong> apps &amp; &lt;tools&gt;.");
    expect(html).toContain('<a href="/projects">my work</a>');
    expect(html).toContain("Thesis on <em>compilers</em>");
    expect(html).toContain("Led the <strong>platform</strong> team");
    expectNoInjection(html);
  });

  it("/resume renders the about text and the descriptions", async () => {
    const html = await page("/resume");
    expect(html).toContain("I build <strong>fast</strong> apps");
    expect(html).toContain("Thesis on <em>compilers</em>");
    expect(html).toContain("Led the <strong>platform</strong> team");
    expectNoInjection(html);
  });
});

describe("plain-text uses carry no Markdown", () => {
  it("the REST API answers the stored texts unchanged", async () => {
    const one = await call(server, anonymous, "GET", `/addprotfolio/${projectId}`);
    expect(one.json.longDescription).toBe(LONG);
    expect(one.json.strategy).toBe(STRATEGY);
    expect((await call(server, anonymous, "GET", "/adduser")).json[0].description).toBe(ABOUT);
    const education = (await call(server, anonymous, "GET", "/addeducation")).json;
    expect(education.map((e: { description: string }) => e.description)).toContain(EDUCATION_TEXT);
  });

  it("the home page's meta description, JSON-LD and footer are plain text", async () => {
    const html = await page("/");
    const plain = "I build fast apps &amp; &lt;tools&gt;. See my work.";
    expect(html).toContain(`<meta name="description" content="${plain}"/>`);
    const ld = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)?.[1];
    expect(JSON.parse(ld!.replace(/\\u003c/g, "<")).description).toBe(
      "I build fast apps & <tools>.\nSee my work.",
    );
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer).toContain("I build fast apps &amp; &lt;tools&gt;.\nSee my work.");
    expect(footer).not.toContain("**");
  });

  it("the feeds and resume.json carry plain text", async () => {
    const feed = (await call(server, anonymous, "GET", "/feed.json")).json;
    expect(feed.description).toBe("I build fast apps & <tools>.\nSee my work.");
    const rss = (await call(server, anonymous, "GET", "/feed.xml")).text;
    expect(rss).toContain(
      "<description>I build fast apps &amp; &lt;tools&gt;.\nSee my work.</description>",
    );
    const resume = (await call(server, anonymous, "GET", "/resume.json")).json;
    expect(resume.basics.summary).toBe("I build fast apps & <tools>.\nSee my work.");
    expect(resume.work.map((w: { summary: string }) => w.summary)).toContain(
      "Led the platform team",
    );
    expect(resume.education.map((e: { area: string }) => e.area)).toContain(
      "Thesis on compilers\n<img src=x onerror=alert(1)>",
    );
  });
});

describe("the Preview button without JavaScript", () => {
  it("Edit Project: 200, the rendered previews, what was typed and an upload kept, nothing saved", async () => {
    const before = snapshot(server);
    const form = new FormData();
    form.set("intent", "preview");
    form.set("title", "Typed title, not saved");
    form.set("longDescription", "Now **bold** <script>alert(2)</script>");
    form.set("strategy", "1. one\n2. two");
    form.set("design", "");
    form.set("userExperience", "");
    form.set("liveView", "not a url"); // refused on save; a preview checks nothing
    form.set("newThumbnail", await pngBlob(), "thumb.png");
    const res = await postPage(`/dashboard/admin/portfolio-edit/${projectId}`, form);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(previewOf(html, "longDescription")).toContain(
      "<p>Now <strong>bold</strong> &lt;script&gt;alert(2)&lt;/script&gt;</p>",
    );
    expect(previewOf(html, "strategy")).toContain("<li>one</li>");
    expect(previewOf(html, "design")).toContain("Nothing to preview.");
    expect(textareaOf(html, "longDescription")).toBe(
      "Now **bold** &lt;script&gt;alert(2)&lt;/script&gt;",
    );
    expect(html).toMatch(/name="title"[^>]*value="Typed title, not saved"/);
    expect(html).not.toContain("Title is required");
    expect(html).not.toMatch(/role="alert"/);
    // The chosen thumbnail is stored and offered back as already uploaded.
    expect(html).toMatch(/name="kept-newThumbnail" value="\/images\/[A-Za-z0-9_-]+"/);
    expectNoInjection(html);
    // Nothing saved (the kept upload is an image row of its own, not the project's).
    const after = snapshot(server);
    expect(after.Project).toEqual(before.Project);
    expect(queryOne(server, `SELECT title FROM "Project" WHERE id = ?`, projectId)).toEqual({
      title: "Markdown project",
    });
  });

  it("Add Portfolio: the same, and no project is added", async () => {
    const before = snapshot(server);
    const form = new FormData();
    form.set("intent", "preview");
    form.set("title", "");
    form.set("userExperience", "> quoted");
    const res = await postPage("/dashboard/admin/projects/add", form);
    expect(res.status).toBe(200);
    expect(previewOf(res.text, "userExperience")).toContain("<blockquote>");
    expect(snapshot(server).Project).toEqual(before.Project);
  });

  it("Add Education and Add Experience: 200 with the preview, nothing validated or saved", async () => {
    for (const [path, table] of [
      ["/dashboard/admin/education/add", "Education"],
      ["/dashboard/admin/experience/add", "Experience"],
    ] as const) {
      const before = snapshot(server);
      const res = await postPage(
        path,
        new URLSearchParams({ intent: "preview", description: "A *new* text\nsecond line" }),
      );
      expect(res.status, path).toBe(200);
      expect(previewOf(res.text, "description")).toContain(
        "<p>A <em>new</em> text<br>\nsecond line</p>",
      );
      expect(textareaOf(res.text, "description")).toBe("A *new* text\nsecond line");
      expect(res.text).not.toContain("is required");
      expect(snapshot(server)[table]).toEqual(before[table]);
    }
  });

  it("Edit Education: the preview leaves the record as it was", async () => {
    const id = queryOne<{ id: number }>(server, `SELECT MIN(id) AS id FROM "Education"`)!.id;
    const before = snapshot(server);
    const res = await postPage(
      `/dashboard/admin/education-edit/${id}`,
      new URLSearchParams({ intent: "preview", degree: "Changed", description: "" }),
    );
    expect(res.status).toBe(200);
    expect(previewOf(res.text, "description")).toContain("Nothing to preview.");
    expect(snapshot(server).Education).toEqual(before.Education);
  });

  it("Profile: 200 with the about text's preview, the profile unchanged", async () => {
    const before = snapshot(server);
    const form = new FormData();
    form.set("intent", "preview");
    form.set("name", "Typed name");
    form.set("email", "not an email");
    form.set("description", "## About\nMe, **really**");
    const res = await postPage("/dashboard/admin/profile", form);
    expect(res.status).toBe(200);
    expect(previewOf(res.text, "description")).toContain(
      "<h4>About</h4>\n<p>Me, <strong>really</strong></p>",
    );
    expect(res.text).toMatch(/name="name"[^>]*value="Typed name"/);
    expect(snapshot(server).Profile).toEqual(before.Profile);
  });

  it("a Preview asks for the owner, like the save", async () => {
    const res = await call(
      server,
      { headers: { Origin: server.url }, label: "anonymous" },
      "POST",
      "/dashboard/admin/education/add",
      new URLSearchParams({ intent: "preview", description: "x" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});
