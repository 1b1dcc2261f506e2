// The home page in a real browser: sections in order, the typing and counting animations with
// JavaScript, and their static fallbacks without it or with reduced motion.
import type { Page } from "@playwright/test";
import { PAUSE_MS, TYPE_MS } from "../../app/enhance/timing";
import { expect, pauseClock, test } from "./fixtures";

type Seen = { typing: string[]; counters: Record<string, string[]> };

/** Records every text the typing line and the counters show, from the first byte of the page. */
async function recordAnimations(page: Page) {
  await page.addInitScript(() => {
    const seen: Seen = { typing: [], counters: {} };
    (window as unknown as { __seen: Seen }).__seen = seen;
    const push = (list: string[], text: string | null) => {
      if (text !== null && list[list.length - 1] !== text) list.push(text);
    };
    const record = () => {
      push(seen.typing, document.querySelector("[data-typing=live]")?.textContent ?? null);
      document.querySelectorAll("[data-counter]").forEach((el) => {
        const id = el.getAttribute("data-counter")!;
        push((seen.counters[id] ??= []), el.textContent);
      });
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const seenOf = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

/**
 * Waits until a counter that was going to animate has begun (its first step writes "0"): the
 * enhancement script has run (it marks <html data-enhanced>), then the page has run its idle
 * callbacks (a counter starts watching for visibility in one), painted twice (the visibility
 * check) and run one more task. A real condition instead of a fixed sleep.
 */
async function countersHadTheirChance(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced !== undefined);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 50));
        idle(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
      }),
  );
}

/** The skill names as the page lists them (other specs may add skills, so never a fixed list). */
async function skillsOf(page: Page) {
  const text = await page.locator("[data-typing=static]").textContent();
  const words = text!.split(", ");
  expect(words).toEqual(expect.arrayContaining(["React Developer", "Laravel Developer"]));
  return words;
}

test.use({ viewport: { width: 1280, height: 900 } });

test("home shows About, React, Laravel, Services and Resume in that order", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/ · Developer Portfolio$/);
  const headings = [
    page.getByRole("heading", { level: 1, name: /Hi, I'm/ }),
    page.getByRole("heading", { level: 2, name: "React Projects" }),
    page.getByRole("heading", { level: 2, name: "Laravel Projects" }),
    page.getByRole("heading", { level: 2, name: "Services I Provide" }),
    page.getByRole("heading", { level: 3, name: "Education" }),
  ];
  const ys: number[] = [];
  for (const h of headings) ys.push((await h.boundingBox())!.y);
  expect([...ys].sort((a, b) => a - b)).toEqual(ys);

  const about = page.locator("#about");
  await expect(about.getByRole("link", { name: /^Download CV/ })).toHaveAttribute(
    "href",
    /^https:/,
  );
  await expect(about.getByRole("link", { name: "Contact Me" })).toHaveAttribute("href", /^mailto:/);
  await expect(about.getByText("Core Skills")).toBeVisible();
  await expect(about.getByText("Based in BD")).toBeVisible();
  await expect(about.getByText("100% Client Focused")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Professional Skills" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Experience" })).toBeVisible();

  // Grids: 4 columns on a wide screen.
  const cards = page.locator("#react-projects article");
  const tops = await Promise.all(
    (await cards.all()).slice(0, 4).map(async (c) => (await c.boundingBox())!.y),
  );
  expect(new Set(tops.map(Math.round)).size).toBe(1);

  await page
    .locator("#laravel-projects")
    .getByRole("link", { name: /^View More/ })
    .click();
  await expect(page).toHaveURL("/projects/laravel");
});

test("home cards are one column on a phone and two on a tablet", async ({ page }) => {
  for (const [width, columns] of [
    [390, 1],
    [800, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const cards = await page.locator("#react-projects article").all();
    const lefts = await Promise.all(cards.slice(0, 4).map(async (c) => (await c.boundingBox())!.x));
    expect(new Set(lefts.map(Math.round)).size, `${width}px`).toBe(columns);
  }
});

test("with JavaScript the skills type out one by one and the counters count up once", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the animations need JavaScript");
  await recordAnimations(page);
  await page.goto("/");
  const live = page.locator("[data-typing=live]");
  await expect(live).toBeVisible();
  await expect(page.locator("[data-typing=static]")).toBeHidden();
  const SKILLS = await skillsOf(page);
  await page.locator("[data-counter=projects]").scrollIntoViewIfNeeded();

  // Typing: partial names appear, then the next complete name.
  await expect
    .poll(
      async () => {
        const { typing } = await seenOf(page);
        const partial = typing.some((t) => t && SKILLS.some((s) => s.startsWith(t) && s !== t));
        const second = typing.some((t) => SKILLS.slice(1).includes(t));
        return partial && second;
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  // Counters: from 0 up to the final number shown to screen readers.
  const finalCount = await page.locator("[data-counter=projects] + .sr-only").textContent();
  await expect(page.locator("[data-counter=projects]")).toHaveText(finalCount!);
  const { counters } = await seenOf(page);
  const values = counters.projects.map((v) => Number(v.replace("+", "")));
  expect(values).toContain(0);
  expect(values.some((v) => v > 0 && v < Number(finalCount!.replace("+", "")))).toBe(true);
  expect(values[values.length - 1]).toBe(Number(finalCount!.replace("+", "")));
  expect(counters.services.map((v) => Number(v.replace("+", "")))).toContain(0);

  // Only the first time in this tab: back on home after another page, the numbers stay put.
  await page.getByRole("navigation", { name: "Main" }).locator("summary").click();
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL("/projects");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL("/");
  await page.locator("[data-counter=projects]").scrollIntoViewIfNeeded();
  await countersHadTheirChance(page);
  const again = (await seenOf(page)).counters;
  for (const list of Object.values(again)) expect(list.every((v) => !/^0\+$/.test(v))).toBe(true);
  await expect(page.locator("[data-counter=projects]")).toHaveText(finalCount!);
});

test("the typing line shows every skill of the list in turn, then starts again (test clock)", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the animation needs JavaScript");
  await pauseClock(page);
  await page.goto("/");
  const SKILLS = await skillsOf(page);
  // Every text the line shows (each step writes a new text node, so none is missed).
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { __typed: string[] }).__typed = shown;
    new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((n) => shown.push(n.textContent ?? ""))),
    ).observe(document.querySelector("[data-typing-text]")!, { childList: true });
  });
  await page.clock.runFor(1_000); // the idle callback that starts it
  await expect(page.locator("[data-typing=live]")).toHaveAttribute("data-running", "true");
  const cycle = SKILLS.reduce((ms, skill) => ms + skill.length * TYPE_MS + PAUSE_MS, PAUSE_MS);
  await page.clock.runFor(cycle);
  const shown = await page.evaluate(() => (window as unknown as { __typed: string[] }).__typed);
  const complete = shown.filter((text) => SKILLS.includes(text));
  expect(complete.slice(0, SKILLS.length)).toEqual([...SKILLS.slice(1), SKILLS[0]]);
  // Typed a character at a time.
  expect(shown).toContain(SKILLS[1].slice(0, 1));
  expect(shown).toContain(SKILLS[1].slice(0, 2));
});

test("without JavaScript the skills show as plain text and the counters show their totals", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the static fallback is what a browser without JavaScript sees");
  await page.goto("/");
  await expect(page.locator("[data-typing=static]")).toBeVisible();
  await skillsOf(page);
  await expect(page.locator("[data-typing=live]")).toBeHidden();
  for (const id of ["services", "projects"]) {
    const total = await page.locator(`[data-counter=${id}] + .sr-only`).textContent();
    expect(total).toMatch(/^[1-9]\d*\+$/);
    await expect(page.locator(`[data-counter=${id}]`)).toHaveText(total!);
  }
});

test("with reduced motion nothing animates and the full list shows", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  if (javaScriptEnabled) await recordAnimations(page);
  await page.goto("/");
  await expect(page.locator("[data-typing=static]")).toBeVisible();
  const SKILLS = await skillsOf(page);
  await expect(page.locator("[data-typing=live]")).toBeHidden();
  await page.locator("[data-counter=projects]").scrollIntoViewIfNeeded();
  if (javaScriptEnabled) await countersHadTheirChance(page);
  const total = await page.locator("[data-counter=services] + .sr-only").textContent();
  await expect(page.locator("[data-counter=services]")).toHaveText(total!);
  if (javaScriptEnabled) {
    const { typing, counters } = await seenOf(page);
    expect(typing.filter((t) => t !== SKILLS[0])).toEqual([]);
    for (const list of Object.values(counters)) expect(list).toHaveLength(1);
  }
});

test("screen readers get the whole skill list as one sentence", async ({ page }) => {
  await page.goto("/");
  const SKILLS = await skillsOf(page);
  await expect(page.locator("#about .sr-only").first()).toHaveText(
    `I'm a ${SKILLS.slice(0, -1).join(", ")} and ${SKILLS[SKILLS.length - 1]}.`,
  );
  await expect(page.locator("[data-typing=live]")).toHaveAttribute("aria-hidden", "true");
});
