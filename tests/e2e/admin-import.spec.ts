// The dashboard Import page in real browsers, JavaScript on and off (the js and nojs projects):
// a resume.json previewed (nothing written), imported (the public resume shows it) and imported
// again (nothing new); an old backend (a fake one on loopback) previewed and imported. Imports
// change the profile and add content the shared servers' other specs do not expect, so this file
// starts a server of its own per worker and points `baseURL` at it.
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { startFakeOldBackend } from "../support/fake-old-backend";
import { freePort } from "../support/server";
import { expect as baseExpect, holdRequests, login, test as base, unique } from "./fixtures";
import { startOwnServer } from "./own-server";

// Imports re-encode images and take a backup first; the machine running the suite may be busy.
const expect = baseExpect.configure({ timeout: 30_000 });

const test = base.extend<object, { importServer: string }>({
  importServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const server = await startOwnServer(await freePort(), `import-${workerInfo.project.name}`);
      await provide(server.baseURL);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ importServer }, provide) => provide(importServer),
});

const IMPORT = "/dashboard/admin/import";
const FILES = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp", "e2e-import-files");

function resumeFile(resume: unknown) {
  fs.mkdirSync(FILES, { recursive: true });
  const file = path.join(FILES, `resume-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(resume));
  return file;
}

const report = (page: Page) => page.getByTestId("import-report");
const reportTitle = (page: Page) => report(page).getByRole("heading", { level: 3 });
/** The report's counts of one kind ("Experience", "Skills", ...): created, updated, ... */
const countOf = (page: Page, kind: string, column: string): Locator =>
  report(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: kind, exact: true }) })
    .locator(`[data-column="${column}"]`);

async function clickAndWaitPending(
  page: Page,
  form: Locator,
  button: "Preview" | "Import",
  javaScriptEnabled: boolean,
) {
  if (!javaScriptEnabled || button === "Preview") {
    await form.getByRole("button", { name: button, exact: true }).click();
    return;
  }
  // With JavaScript the clicked button says what is going on until the answer arrives.
  await expect(form).toHaveAttribute("data-hydrated", "true");
  const held = await holdRequests(page, `**${IMPORT}**`);
  await form.getByRole("button", { name: "Import", exact: true }).click();
  await expect(form.getByRole("button", { name: "Importing…" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Preview" })).toBeDisabled();
  held.release();
}

test.describe("the Import page", () => {
  test.setTimeout(180_000);

  test("a resume.json: Preview writes nothing, Import shows on the resume, again changes nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    const position = unique("Import Engineer");
    const company = unique("Resume Works");
    const category = unique("Cat");
    const role = unique("Role");
    const file = resumeFile({
      basics: { name: "Resume Person", summary: "Imported from a resume." },
      work: [
        {
          name: company,
          position,
          startDate: "2019-04-01",
          endDate: "2022-02-01",
          summary: "Built importers.",
          highlights: ["Shipped the Import page"],
        },
      ],
      education: [{ institution: unique("Uni"), studyType: "BSc", area: "CS", endDate: "2018" }],
      skills: [
        { name: "Tools", keywords: [category] },
        { name: "Roles", keywords: [role] },
      ],
    });

    await login(page, IMPORT);
    await expect(page.getByRole("heading", { name: "Import", exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Import" }),
    ).toHaveAttribute("aria-current", "page");
    const form = page.getByTestId("import-form-resume");
    await form.getByLabel("resume.json").setInputFiles(file);
    await clickAndWaitPending(page, form, "Preview", javaScriptEnabled);
    await expect(reportTitle(page)).toHaveText("Preview: nothing was written");
    await expect(countOf(page, "Experience", "created")).toHaveText("1");
    await expect(countOf(page, "Education", "created")).toHaveText("1");
    await expect(countOf(page, "Skills", "created")).toHaveText("1");
    await expect(countOf(page, "Categories", "created")).toHaveText("1");
    await expect(countOf(page, "Profile", "updated")).toHaveText("1");
    await expect(form.getByTestId("import-staged")).toBeVisible();
    if (javaScriptEnabled) {
      // The page with a report on it has no accessibility violations (axe needs JavaScript).
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id} (${v.impact}) ${v.nodes[0]?.target}`)).toEqual([]);
    }

    // Nothing written yet.
    const resume = await page.request.get("/resume");
    expect(await resume.text()).not.toContain(position);

    // Import uses what the preview read: no need to choose the file again.
    await clickAndWaitPending(page, form, "Import", javaScriptEnabled);
    await expect(reportTitle(page)).toHaveText("Imported");
    await expect(countOf(page, "Experience", "created")).toHaveText("1");
    await expect(report(page).getByTestId("import-backup")).toContainText(".tar.gz");

    await page.goto("/resume");
    await expect(page.getByText(position)).toBeVisible();
    await expect(page.getByText(company).first()).toBeVisible();
    await expect(page.getByText("2019 – 2022").first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByText(category).first()).toBeAttached();

    // The same file again: everything is unchanged.
    await page.goto(IMPORT);
    const again = page.getByTestId("import-form-resume");
    await again.getByLabel("resume.json").setInputFiles(file);
    await clickAndWaitPending(page, again, "Import", javaScriptEnabled);
    await expect(reportTitle(page)).toHaveText("Imported");
    for (const kind of ["Experience", "Education", "Skills", "Categories"]) {
      await expect(countOf(page, kind, "created")).toHaveText("0");
      await expect(countOf(page, kind, "unchanged")).toHaveText("1");
    }
  });

  test("an old backend's address: Preview, then Import, the address kept", async ({
    page,
    javaScriptEnabled,
  }) => {
    const old = await startFakeOldBackend();
    try {
      await login(page, IMPORT);
      const form = page.getByTestId("import-form-url");
      // A wrong address first: refused with a reason, what was typed kept.
      await form.getByLabel("Old backend address").fill(old.deadHost);
      await form.getByRole("button", { name: "Preview", exact: true }).click();
      const refusal = javaScriptEnabled
        ? page.getByTestId("message-dialog")
        : form.locator("xpath=..").getByTestId("form-result");
      await expect(refusal).toContainText("Cannot read");
      if (javaScriptEnabled) await refusal.getByRole("button", { name: "OK" }).click();
      await expect(form.getByLabel("Old backend address")).toHaveValue(old.deadHost);

      await form.getByLabel("Old backend address").fill(old.url);
      await clickAndWaitPending(page, form, "Preview", javaScriptEnabled);
      await expect(reportTitle(page)).toHaveText("Preview: nothing was written");
      await expect(countOf(page, "Projects", "created")).toHaveText("3");
      await expect(form.getByLabel("Old backend address")).toHaveValue(old.url);
      expect((await page.request.get("/projects")).ok()).toBe(true);
      expect(await (await page.request.get("/projects")).text()).not.toContain("Corner Shop");

      await clickAndWaitPending(page, form, "Import", javaScriptEnabled);
      await expect(reportTitle(page)).toHaveText("Imported");
      await expect(countOf(page, "Projects", "created")).toHaveText("3");
      await expect(report(page).getByTestId("import-images")).toContainText("failed");
      await expect(report(page).getByTestId("import-problems")).toBeVisible();

      await page.goto("/projects");
      await expect(page.getByText("Corner Shop").first()).toBeVisible();
      // The old backend was only read.
      expect(old.requests.every((r) => r.method === "GET")).toBe(true);
    } finally {
      await old.close();
    }
  });
});
