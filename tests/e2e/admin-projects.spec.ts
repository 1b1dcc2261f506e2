import { openAsOwner } from "./admin-crud";
import { pngFile } from "./image-files";
import { expect as baseExpect, holdRequests, ownerTest as test, unique } from "./fixtures";
import type { Page } from "@playwright/test";

// Uploads re-encode images with sharp and the machine running the suite may be busy: allow
// more than the default 7 s for each expectation.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The spec's result dialog (server-rendered without JavaScript, modal with it). */
const messageDialog = (page: Page) => page.locator('[data-testid="message-dialog"][open]');

async function closeDialog(page: Page) {
  await messageDialog(page).getByRole("button", { name: "OK" }).click();
  await expect(messageDialog(page)).toBeHidden();
}

test.describe("admin projects", () => {
  test.setTimeout(120_000);

  test("add with a thumbnail and gallery, see it in the list and on the site, edit, delete", async ({
    page,
    javaScriptEnabled,
  }) => {
    const title = unique("E2E Harbor");
    // Random sizes make each run's uploads recognisable in the rendered image URLs.
    const size = 300 + Math.floor(Math.random() * 200);
    const thumbnail = await pngFile("thumb.png", size, 200, "#1d4ed8");
    const gallery = [
      await pngFile("g1.png", 320, 180, "#10b981"),
      await pngFile("g2.png", 321, 180, "#ef4444"),
    ];
    const newThumbnail = await pngFile("thumb2.png", size + 1, 201, "#f59e0b");

    await openAsOwner(page, "/dashboard/admin/projects/add");
    await expect(page.getByRole("heading", { name: "Add Portfolio" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Subtitle", exact: true }).fill("A berth booking app");
    await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("React");
    await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Advanced");
    await page.getByLabel("Client Name").fill("Harbor Ltd");
    await page.getByLabel("Date").fill("2025-04-01");
    await page.getByRole("textbox", { name: "Service", exact: true }).fill("Web Development");
    await page.getByLabel("Budget").fill("3200");
    await page.getByLabel("Live View URL").fill("https://harbor.example.com/");
    await page.getByLabel("Short Description").fill("Book a berth in two taps.");
    await page.getByLabel("Strategy").fill("Talk to the harbor master.");
    await page.getByLabel("Thumbnail", { exact: true }).setInputFiles(thumbnail);
    await page.getByLabel("Portfolio Images").setInputFiles(gallery);

    // Hold the upload until the 'Uploading...' dialog has been seen.
    const held = javaScriptEnabled
      ? await holdRequests(page, "**/dashboard/admin/projects/add**")
      : undefined;
    await page.getByRole("button", { name: "Add Project" }).click();
    if (held) {
      const uploading = page.getByTestId("uploading-dialog");
      await expect(uploading).toBeVisible();
      await expect(uploading).toContainText("Uploading...");
      held.release();
    }
    await expect(messageDialog(page)).toContainText("Project Added Successfully!");
    await expect(page).toHaveURL("/dashboard/admin/projects/add");
    // The form reset and stayed on the page.
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("");
    await closeDialog(page);

    await page.goto("/dashboard/admin/projects");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByRole("img", { name: `${title} thumbnail` })).toBeVisible();
    await expect(row).toContainText("A berth booking app");

    await row.getByRole("link", { name: `View ${title}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/portfolio-view\/\d+$/);
    const id = page.url().split("/").pop();
    const live = page.getByRole("link", { name: /Live View/ });
    await expect(live).toHaveAttribute("href", "https://harbor.example.com/");
    await expect(live).toHaveAttribute("target", "_blank");
    await expect(live).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("list", { name: "Gallery" }).getByRole("img")).toHaveCount(2);

    await page.goto(`/projects/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("img", { name: `${title} thumbnail` })).toHaveAttribute(
      "src",
      new RegExp(`-${size}x200/`),
    );
    await expect(page.getByRole("img", { name: /screenshot/ })).toHaveCount(2);

    // Edit: a new thumbnail, the first gallery image removed, a new subtitle.
    await page.goto(`/dashboard/admin/portfolio-edit/${id}`);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(page.getByRole("combobox", { name: "Skill", exact: true })).toHaveValue("React");
    await page
      .getByRole("textbox", { name: "Subtitle", exact: true })
      .fill("A calmer berth booking app");
    await page.getByLabel("New Thumbnail").setInputFiles(newThumbnail);
    await page.getByLabel("Remove image 1").check();
    await page.getByRole("button", { name: "Update Project" }).click();
    await expect(page).toHaveURL("/dashboard/admin/projects");
    await expect(messageDialog(page)).toContainText("Project Updated Successfully!");
    await closeDialog(page);
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText(
      "A calmer berth booking app",
    );

    await page.goto(`/projects/${id}`);
    await expect(page.getByText("A calmer berth booking app")).toBeVisible();
    await expect(page.getByRole("img", { name: `${title} thumbnail` })).toHaveAttribute(
      "src",
      new RegExp(`-${size + 1}x201/`),
    );
    await expect(page.getByRole("img", { name: /screenshot/ })).toHaveCount(1);
    await expect(page.getByRole("img", { name: /screenshot/ })).toHaveAttribute(
      "src",
      /-321x180\//,
    );

    // Delete behind the confirmation.
    await page.goto("/dashboard/admin/projects");
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    if (javaScriptEnabled) {
      const confirm = page.getByRole("dialog", { name: "Are you sure?" });
      await expect(confirm).toContainText("This action cannot be undone!");
      await confirm.getByRole("button", { name: "Yes, delete it!" }).click();
    } else {
      await expect(page).toHaveURL(`/dashboard/admin/projects/${id}/delete`);
      await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
      await expect(page.getByText("This action cannot be undone!")).toBeVisible();
      await expect(page.getByRole("link", { name: "Cancel" })).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete it!" }).click();
    }
    await expect(page).toHaveURL("/dashboard/admin/projects");
    await expect(messageDialog(page)).toContainText("Deleted!");
    await closeDialog(page);
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);

    const gone = await page.goto(`/projects/${id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("Project not found.")).toBeVisible();
  });

  test("no link: the 'Validation Error' warning, keeping what was typed", async ({
    page,
    javaScriptEnabled,
  }) => {
    const title = unique("E2E No Link");
    await openAsOwner(page, "/dashboard/admin/projects/add");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("Laravel");
    await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Beginner");
    await page.getByLabel("Client Name").fill("Nobody Inc");
    await page.getByRole("button", { name: "Add Project" }).click();
    // With JavaScript the spec's dialog; without it the same title and text inline.
    const result = javaScriptEnabled ? messageDialog(page) : page.getByTestId("form-result");
    await expect(result).toContainText("Validation Error");
    await expect(result).toContainText("Please provide at least Live View URL or Source Code URL");
    if (javaScriptEnabled) await closeDialog(page);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Client Name")).toHaveValue("Nobody Inc");
    await expect(page.getByRole("combobox", { name: "Skill", exact: true })).toHaveValue("Laravel");
  });

  test("Edit Project previews the automatic social card, a 1200×630 PNG", async ({ page }) => {
    const projects = (await (await page.request.get("/addprotfolio")).json()) as Array<{
      id: number;
      draft: boolean;
    }>;
    const published = projects.find((p) => !p.draft)!;
    await openAsOwner(page, `/dashboard/admin/portfolio-edit/${published.id}`);
    await expect(
      page.getByText("1200 × 630 works best; leave empty to use the automatic card."),
    ).toBeVisible();
    const preview = page.getByTestId("card-preview");
    await preview.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      )
      .toEqual([1200, 630]);
  });

  test("an unknown project is a 404 inside the dashboard", async ({ page }) => {
    await openAsOwner(page, "/dashboard/admin/projects");
    for (const url of [
      "/dashboard/admin/portfolio-edit/987654",
      "/dashboard/admin/portfolio-view/x",
    ]) {
      const res = await page.goto(url);
      expect(res?.status()).toBe(404);
      await expect(page.getByText("This project does not exist.")).toBeVisible();
      await expect(page.getByText("Admin Panel")).toBeVisible();
    }
  });
});
