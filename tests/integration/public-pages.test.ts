// The public pages as the production server renders them (no JavaScript needed): every section
// and spec text, links that depend on the profile, pagination controls, titles, and the 404s.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let empty: TestServer;

beforeAll(async () => {
  [server, empty] = await Promise.all([startTestServer({ seed: true }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), empty?.stop()]);
});

async function page(path: string, on = server) {
  const res = await fetch(`${on.url}${path}`);
  return { status: res.status, html: await res.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) =>
  /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const count = (html: string, text: string) => html.split(text).length - 1;
/** The <a ...> tag whose text contains `text`. */
const anchorWith = (html: string, text: string) =>
  [...html.matchAll(/<a\b[^>]*>(?:(?!<\/a>).)*<\/a>/gs)]
    .map((m) => m[0])
    .find((a) => a.replace(/<[^>]+>/g, "").includes(text));

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(server.databaseFile);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe("the layout", () => {
  it("has the fixed navbar with name, logo, links, the Projects menus, Hire Me and the footer", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain('src="/logo.svg"');
    expect(html).toMatch(/<header[^>]*class="fixed/);
    for (const href of ["/", "/projects", "/projects/react", "/projects/laravel", "/contact"])
      expect(html).toContain(`href="${href}"`);
    // The resume: in the desktop navbar, the mobile menu and the footer's quick links.
    expect(count(html, 'href="/resume"')).toBe(3);
    expect(count(html, "<details")).toBeGreaterThanOrEqual(3); // dropdown, mobile menu, its list
    const hire = anchorWith(html, "Hire Me")!;
    expect(hire).toContain('href="https://www.linkedin.com/in/alexmorgan-dev"');
    expect(hire).toContain('target="_blank"');
    expect(hire).toContain('rel="noopener noreferrer"');
    // Footer
    expect(html).toContain("Quick Links");
    for (const key of ["facebook", "github", "linkedin", "email"])
      expect(html).toContain(`data-social="${key}"`);
    expect(html).toContain('href="mailto:hello@alexmorgan.dev"');
    expect(html).toContain(`© ${new Date().getFullYear()} Alex Morgan. All rights reserved.`);
  });

  it("highlights the active link", async () => {
    const home = (await page("/")).html;
    expect(anchorWith(home, "Home")).toContain('aria-current="page"');
    const react = (await page("/projects/react")).html;
    expect(anchorWith(react, "React")).toContain('aria-current="page"');
    expect(react).toMatch(/<summary[^>]*aria-current="page"[^>]*>Projects/);
    expect(anchorWith(react, "Home")).not.toContain("aria-current");
  });

  it("hides the links of missing profile fields and falls back without a profile", async () => {
    const saved = withDb((db) => db.prepare("SELECT * FROM Profile").get()) as Record<
      string,
      string
    >;
    try {
      withDb((db) =>
        db.prepare("UPDATE Profile SET linkedin = '', facebook = '', cv = '', email = ''").run(),
      );
      const { html } = await page("/");
      expect(html).not.toContain("Hire Me");
      expect(html).not.toContain("Download CV");
      expect(html).not.toContain("Contact Me");
      expect(html).not.toContain("mailto:");
      expect(html).not.toContain('data-social="facebook"');
      expect(html).not.toContain('data-social="linkedin"');
      expect(html).toContain('data-social="github"');

      withDb((db) => db.prepare("DELETE FROM Profile").run());
      const bare = (await page("/")).html;
      expect(bare).toContain("Portfolio");
      expect(bare).toContain("A developer building fast, accessible web applications.");
      expect(bare).not.toContain("data-social=");
      expect(bare).not.toContain("Connect");
      expect(bare).toContain(`© ${new Date().getFullYear()} Portfolio. All rights reserved.`);
    } finally {
      withDb((db) => {
        db.prepare("DELETE FROM Profile").run();
        const cols = Object.keys(saved);
        db.prepare(
          `INSERT INTO Profile (${cols.join(",")}) VALUES (${cols.map(() => "?").join(",")})`,
        ).run(...cols.map((c) => saved[c]));
      });
    }
  });
});

describe("home", () => {
  it("renders About, React, Laravel, Services and Resume in order with the spec's texts", async () => {
    const { html } = await page("/");
    expect(titleOf(html)).toBe("Alex Morgan · Developer Portfolio");
    expect(descriptionOf(html)).toMatch(/^Full-stack developer building fast/);
    const order = [
      'id="about"',
      'id="react-projects"',
      'id="laravel-projects"',
      'id="services"',
      'id="resume"',
    ].map((id) => html.indexOf(id));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const text of [
      "Download CV",
      "Contact Me",
      "Core Skills",
      "Client Focused",
      "Based in BD",
      "View More",
      "Services I Provide",
      "Education",
      "Professional Skills",
      "Experience",
      "Live View",
      "Source",
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/100%<\/span> <span[^>]*>Client Focused/);
    expect(anchorWith(html, "Download CV")).toContain(
      'href="https://example.com/alex-morgan-cv.pdf"',
    );
    expect(anchorWith(html, "Contact Me")).toContain('href="mailto:hello@alexmorgan.dev"');
    expect(html).toContain('href="/projects/react"');
    expect(html).toContain('href="/projects/laravel"');
  });

  it("without JavaScript shows every skill and the final counts", async () => {
    const { html } = await page("/");
    expect(html).toContain(
      "React Developer, Laravel Developer, TypeScript Engineer, UI Designer, API Architect, Problem Solver",
    );
    // Screen readers get the full list as one sentence.
    expect(html).toContain(
      "React Developer, Laravel Developer, TypeScript Engineer, UI Designer, API Architect and Problem Solver.",
    );
    expect(html).toContain("<noscript>");
    expect(html).toMatch(/data-counter="services"[^>]*>4\+</);
    expect(html).toMatch(/data-counter="projects"[^>]*>12\+</);
  });

  it("shows the empty texts on an empty database", async () => {
    const { status, html } = await page("/", empty);
    expect(status).toBe(200);
    expect(html).toContain("No React projects found.");
    expect(html).toContain("No Laravel projects found.");
    expect(html).toContain("No services found.");
    expect(html).toMatch(/data-counter="projects"[^>]*>0\+</);
    expect(titleOf(html)).toBe("Developer Portfolio");
  });
});

describe("project lists", () => {
  it.each([
    ["/projects", "My All Type Projects"],
    ["/projects/react", "My React Type Projects"],
    ["/projects/laravel", "My Laravel Type Projects"],
  ])("%s is titled '%s'", async (path, title) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(`>${title}</h1>`);
    expect(titleOf(html)).toBe(`${title} · Alex Morgan`);
    expect(descriptionOf(html)).toBeTruthy();
  });

  it("paginates 12 projects: Prev disabled on page 1, Next on the last, 'Page X of Y'", async () => {
    const first = (await page("/projects")).html;
    expect(first).toContain("Page 1 of 2");
    expect(anchorWith(first, "Prev")).toContain('aria-disabled="true"');
    expect(anchorWith(first, "Prev")).not.toContain("href=");
    expect(anchorWith(first, "Next")).toContain('href="/projects?page=2"');
    expect(count(first, "<article")).toBe(8);
    const last = (await page("/projects?page=2")).html;
    expect(last).toContain("Page 2 of 2");
    expect(anchorWith(last, "Next")).toContain('aria-disabled="true"');
    expect(anchorWith(last, "Prev")).toContain('href="/projects"');
    expect(count(last, "<article")).toBe(4);
    expect((await page("/projects?page=banana")).html).toContain("Page 1 of 2");
    expect((await page("/projects?page=7")).html).toContain("Page 2 of 2");
  });

  it("has no pagination with 8 or fewer projects, and cards link as the spec says", async () => {
    const react = (await page("/projects/react")).html; // 7 React projects
    expect(react).not.toContain("Page 1 of");
    expect(count(react, "<article")).toBe(7);
    expect(count(react, ">Live View<")).toBe(7);
    expect(react).not.toContain(">Source<");
    const laravel = (await page("/projects/laravel")).html;
    expect(count(laravel, ">Source<")).toBe(5);
    expect(laravel).not.toContain(">Live View<");
    const all = (await page("/projects")).html;
    expect(count(all, ">View<")).toBe(8);
    expect(all).toMatch(/href="\/projects\/\d+"/);
  });

  it("shows the empty text and no pagination on an empty database", async () => {
    const { html } = await page("/projects", empty);
    expect(html).toContain("No projects found.");
    expect(html).not.toContain("Page 1 of");
    expect((await page("/projects/react", empty)).html).toContain("No React projects found.");
    expect((await page("/projects/laravel", empty)).html).toContain("No Laravel projects found.");
  });
});

describe("project detail and 404s", () => {
  it("shows a React project with 'View Live Project' and a Laravel one with 'View Source Code'", async () => {
    const ids = withDb(
      (db) =>
        db
          .prepare(
            "SELECT (SELECT id FROM Project WHERE skill = 'React' LIMIT 1) AS react, (SELECT id FROM Project WHERE skill = 'Laravel' LIMIT 1) AS laravel",
          )
          .get() as { react: number; laravel: number },
    );
    const react = await page(`/projects/${ids.react}`);
    expect(react.status).toBe(200);
    const live = anchorWith(react.html, "View Live Project")!;
    expect(live).toMatch(/href="https:\/\/example\.com\/demo\/\d+"/);
    expect(live).toContain('target="_blank"');
    expect(react.html).not.toContain("View Source Code");
    const laravel = await page(`/projects/${ids.laravel}`);
    const source = anchorWith(laravel.html, "View Source Code")!;
    expect(source).toMatch(/href="https:\/\/github\.com\/alexmorgan-dev\/project-\d+"/);
    for (const text of [
      "Client",
      "Date",
      "Service",
      "Budget",
      "Strategy",
      "Design",
      "User Experience",
    ])
      expect(laravel.html).toContain(text);
    expect(laravel.html).toMatch(/\$\d[\d,]*\.\d\d</);
    // The gallery shows exactly when the project has images.
    const images = withDb(
      (db) =>
        (
          db
            .prepare("SELECT COUNT(*) AS n FROM ProjectImage WHERE projectId = ?")
            .get(ids.laravel) as { n: number }
        ).n,
    );
    if (images > 0) expect(count(laravel.html, 'data-testid="gallery"')).toBe(1);
    else expect(laravel.html).not.toContain('data-testid="gallery"');
    expect(titleOf(laravel.html)).toMatch(/ · Alex Morgan$/);
  });

  it("formats money and dates and leaves out empty facts and story blocks (no '—' cards)", async () => {
    const insert = (fields: Record<string, string | number | null>) =>
      withDb((db) => {
        const now = new Date().toISOString();
        const all = {
          skill: "React",
          level: "Advanced",
          createdAt: now,
          updatedAt: now,
          ...fields,
        };
        const cols = Object.keys(all);
        return Number(
          db
            .prepare(
              `INSERT INTO Project (${cols.join(",")}) VALUES (${cols.map(() => "?").join(",")})`,
            )
            .run(...Object.values(all)).lastInsertRowid,
        );
      });
    const partial = insert({
      title: "Facts partial",
      clientName: "",
      date: "2025-04-01",
      service: "",
      budget: 1234.5,
      strategy: "",
      design: "",
      userExperience: "Smooth & quick",
    });
    const { html } = await page(`/projects/${partial}`);
    const facts = /<dl[^>]*data-testid="project-facts"[^>]*>(.*?)<\/dl>/s.exec(html)?.[1] ?? "";
    expect(facts.match(/<dt[^>]*>([^<]*)<\/dt>/g)?.map((dt) => dt.replace(/<[^>]+>/g, ""))).toEqual(
      ["Date", "Budget"],
    );
    expect(facts).toContain(">April 1, 2025</dd>");
    expect(facts).toContain(">$1,234.50</dd>");
    expect(html).toMatch(/<h2[^>]*>User Experience<\/h2>/);
    expect(html).not.toMatch(/<h2[^>]*>(Strategy|Design)<\/h2>/);
    expect(html).not.toContain("—");

    const bare = insert({ title: "Facts bare", budget: null });
    const empty = await page(`/projects/${bare}`);
    expect(empty.status).toBe(200);
    expect(empty.html).not.toContain('data-testid="project-facts"');
    expect(empty.html).not.toContain('data-testid="project-blocks"');
    expect(empty.html).not.toContain("—");
    withDb((db) => db.prepare("DELETE FROM Project WHERE id IN (?, ?)").run(partial, bare));
  });

  it.each(["/projects/999999", "/projects/abc", "/projects/0"])(
    "%s answers 404 with 'Project not found.' inside the layout",
    async (path) => {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(html).toContain("Project not found.");
      expect(html).toContain("Quick Links");
      expect(html).toContain('aria-label="Main"');
    },
  );

  it("answers 404 for unknown URLs inside the layout", async () => {
    for (const path of ["/no-such-page", "/projects/react/extra/deep"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain("Page not found");
      expect(html).toContain("Quick Links");
    }
  });
});
