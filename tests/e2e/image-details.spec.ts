// Issue #17, images: uploads kept after a refused Add Project (no re-pick), alt text / caption /
// focal point per image shown on the public pages, and the gallery's lightbox (plain links
// without JavaScript; Escape, arrows and focus with it). JavaScript on and off.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openAsOwner } from "./admin-crud";
import { pngFile, scratchPath } from "./image-files";
import { expect as baseExpect, ownerTest as test, unique } from "./fixtures";

// Uploads re-encode images with sharp and the machine running the suite may be busy.
const expect = baseExpect.configure({ timeout: 20_000 });

type ApiProject = { _id: string; title: string; thumbnail: string; images: string[] };

async function apiProject(page: Page, title: string): Promise<ApiProject> {
  const list = (await (await page.request.get("/addprotfolio")).json()) as ApiProject[];
  const project = list.find((p) => p.title === title);
  expect(project, `project "${title}" in GET /addprotfolio`).toBeTruthy();
  return project!;
}

/** Opens an image's details (a <details> disclosure; open already when it has values). */
async function openDetails(page: Page, label: string) {
  const details = page
    .locator("details")
    .filter({ has: page.getByText(`${label}: alt text, caption, focus`) });
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) {
    await details.locator("summary").click();
  }
}

async function fillProject(page: Page, title: string, liveView: string) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Subtitle", exact: true }).fill("Kept uploads");
  await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("React");
  await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Advanced");
  await page.getByLabel("Client Name").fill("Harbor Ltd");
  await page.getByLabel("Date").fill("2025-04-01");
  await page.getByRole("textbox", { name: "Service", exact: true }).fill("Web Development");
  await page.getByLabel("Budget").fill("3200");
  await page.getByLabel("Live View URL").fill(liveView);
  await page.getByLabel("Short Description").fill("Book a berth in two taps.");
}

test.describe("images (#17)", () => {
  test.setTimeout(120_000);

  test("a refused Add Project keeps its images; fixing the field and saving needs no re-pick; details show on the site", async ({
    page,
    javaScriptEnabled,
  }) => {
    const title = unique("Kept Harbor");
    const size = 300 + Math.floor(Math.random() * 200);
    const thumbnail = await pngFile("thumb.png", size, 200, "#1d4ed8");
    const gallery = [
      await pngFile("g1.png", 320, 180, "#10b981"),
      await pngFile("g2.png", 321, 180, "#ef4444"),
    ];
    await openAsOwner(page, "/dashboard/admin/projects/add");
    await fillProject(page, title, "ftp://example.com/file");
    await page.getByLabel("Thumbnail", { exact: true }).setInputFiles(thumbnail);
    await page.getByLabel("Portfolio Images").setInputFiles(gallery);
    await page.getByRole("button", { name: "Add Project" }).click();

    // Refused: focus on the error summary (JS on and off), the three images shown as already
    // uploaded.
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("Live View");
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.id,
        ),
      )
      .toBe("error-summary");
    const kept = page.getByTestId("kept-upload");
    await expect(kept).toHaveCount(3);
    await expect(kept.first()).toContainText("already uploaded");
    await expect(page.getByRole("img", { name: "New thumbnail, already uploaded" })).toBeVisible();
    // The file inputs are empty (the files are on the server now).
    expect(
      await page
        .getByLabel("Portfolio Images")
        .evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
    ).toBe(0);

    // Fix the field, describe the images, save: no file chosen again.
    await page.getByLabel("Live View URL").fill("https://harbor.example.com/");
    await openDetails(page, "Thumbnail");
    await page.getByLabel("Thumbnail alt text").fill("The booking screen on a phone");
    await page.getByLabel("Thumbnail focus across (%)").fill("20");
    await page.getByLabel("Thumbnail focus down (%)").fill("80");
    await openDetails(page, "Image 2");
    await page.getByLabel("Image 2 caption").fill("Berths by size");
    if (javaScriptEnabled) {
      // A click on the preview sets the focal point (the number fields stay the keyboard way).
      const preview = page.getByTestId("image-details-6").getByTestId("focal-preview");
      const box = (await preview.boundingBox())!;
      await preview.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
      await expect(page.getByLabel("Image 2 focus across (%)")).toHaveValue(/^2[4-6]$/);
      await expect(page.getByLabel("Image 2 focus down (%)")).toHaveValue(/^7[4-6]$/);
    }
    await page.getByRole("button", { name: "Add Project" }).click();
    const dialog = page.getByTestId("message-dialog");
    await expect(dialog).toContainText("Project Added Successfully!");

    const saved = await apiProject(page, title);
    expect(saved.thumbnail).toMatch(new RegExp(`-${size}x200$`));
    expect(saved.images.map((url) => url.replace(/.*-/, ""))).toEqual(["320x180", "321x180"]);

    // The public page: the owner's alt text, the focal point on the 16:9 crop, the caption.
    const id = saved._id;
    await page.goto(`/projects/${id}`);
    const cover = page.getByRole("img", { name: "The booking screen on a phone" });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveCSS("object-position", "20% 80%");
    await expect(page.getByTestId("gallery").locator("figcaption")).toHaveText(["Berths by size"]);
    await page.goto("/projects");
    await expect(
      page.getByRole("img", { name: "The booking screen on a phone" }).first(),
    ).toHaveCSS("object-position", "20% 80%");
  });

  test("a refused file is named; the accepted one beside it is kept", async ({ page }) => {
    const text = scratchPath("thumbnail.txt");
    fs.writeFileSync(text, "just words");
    await openAsOwner(page, "/dashboard/admin/projects/add");
    await fillProject(page, unique("Named file"), "https://example.com/");
    // The browser's own check (JavaScript) is skipped: the server is what is tested here.
    await page.getByLabel("Thumbnail", { exact: true }).evaluate((input: HTMLInputElement) => {
      input.removeAttribute("accept");
      input.onchange = null;
    });
    await page.getByLabel("Thumbnail", { exact: true }).setInputFiles(text);
    await page
      .getByLabel("Thumbnail", { exact: true })
      .evaluate((input: HTMLInputElement) => input.setCustomValidity(""));
    await page
      .getByLabel("Portfolio Images")
      .setInputFiles([await pngFile("ok.png", 200, 120, "#334155")]);
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(
      page.getByText(/thumbnail\.txt was not saved: not a JPEG.*choose it again/).first(),
    ).toBeVisible();
    await expect(page.getByTestId("kept-upload")).toHaveCount(1);
  });
});

test.describe("profile picture details (#17)", () => {
  test.setTimeout(120_000);

  test("a refused profile keeps its new picture (no JS); alt text and focal point reach the about card", async ({
    page,
    javaScriptEnabled,
    profileLock,
  }) => {
    void profileLock; // changes the one profile: no other worker's test at the same time
    await openAsOwner(page, "/dashboard/admin/profile");
    const email = page.getByLabel("Email");
    const original = await email.inputValue();
    if (!javaScriptEnabled) {
      // Without JavaScript the picture goes with the form: refused by the server (the browser's
      // own email check is lifted), it is kept and shown as already uploaded.
      await page
        .getByLabel("Profile Image", { exact: true })
        .setInputFiles(await pngFile("me.png", 240, 300, "#7c3aed"));
      await page
        .locator("form")
        .filter({ has: email })
        .evaluate((form: HTMLFormElement) => {
          form.noValidate = true;
        });
      await email.fill("not-an-email");
      await page.getByRole("button", { name: "Update Profile" }).click();
      await expect(page.getByTestId("error-summary")).toBeFocused();
      await expect(page.getByTestId("kept-upload")).toContainText("already uploaded");
      await expect(page.getByTestId("profile-image-preview")).toHaveAttribute("src", /-240x300\//);
      await email.fill(original);
    }
    await openDetails(page, "Profile picture");
    await page.getByLabel("Profile picture alt text").fill("Alex at the harbour");
    await page.getByLabel("Profile picture focus down (%)").fill("15");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByTestId("message-dialog")).toContainText("Profile updated successfully");

    await page.goto("/");
    const portrait = page.getByRole("img", { name: "Alex at the harbour" });
    await expect(portrait).toHaveCSS("object-position", "50% 15%");
    if (!javaScriptEnabled) await expect(portrait).toHaveAttribute("src", /-240x300\//);

    // Put the defaults back (other specs read the portrait's generated alt text).
    await page.goto("/dashboard/admin/profile");
    await openDetails(page, "Profile picture");
    await page.getByLabel("Profile picture alt text").fill("");
    await page.getByLabel("Profile picture focus down (%)").fill("50");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByTestId("message-dialog")).toContainText("Profile updated successfully");
  });

  test("axe finds no violations on the forms with image details open, light and dark", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page, so it needs JavaScript");
    await openAsOwner(page, "/dashboard/admin/projects/add");
    await fillProject(page, unique("Axe"), "ftp://example.com/file");
    await page
      .getByLabel("Portfolio Images")
      .setInputFiles([await pngFile("axe.png", 200, 120, "#0f766e")]);
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(page.getByTestId("kept-upload")).toHaveCount(1);
    const list = (await (await page.request.get("/addprotfolio")).json()) as ApiProject[];
    const withGallery = list.find((p) => p.images.length > 0)!;
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const url of [
        null,
        `/dashboard/admin/portfolio-edit/${withGallery._id}`,
        "/dashboard/admin/profile",
      ]) {
        if (url) await page.goto(url);
        for (const details of await page.locator("details[data-testid^=image-details]").all()) {
          await details.evaluate((d: HTMLDetailsElement) => (d.open = true));
        }
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) })),
          `${url ?? "Add Portfolio, refused"} (${colorScheme})`,
        ).toEqual([]);
      }
    }
  });
});

test.describe("gallery lightbox (#17)", () => {
  test.setTimeout(90_000);

  /** A published project with four gallery images (the demo content has some). */
  async function galleryProject(page: Page) {
    const list = (await (await page.request.get("/addprotfolio")).json()) as Array<
      ApiProject & { draft?: boolean }
    >;
    const project = list.find((p) => !p.draft && p.images.length === 4);
    expect(project).toBeTruthy();
    return project!;
  }

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`open image 2, Next to image 3, Close, by keyboard (${viewport.width}px)`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize(viewport);
      const project = await galleryProject(page);
      await page.goto(`/projects/${project._id}`);
      const thumb2 = page.locator("#gallery-thumb-2");
      const box2 = page.locator("#gallery-image-2");
      const box3 = page.locator("#gallery-image-3");
      await expect(box2).toBeHidden();
      // A framed, plain link.
      await expect(page.locator("[data-testid=gallery] figure").first()).toHaveCSS(
        "border-top-style",
        "solid",
      );
      await thumb2.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#gallery-image-2$/);
      await expect(box2).toBeVisible();
      await expect(box2).toBeInViewport();
      await expect(box2.getByRole("img")).toBeInViewport();
      await expect(box2).toContainText(`Image 2 of ${project.images.length}`);
      if (javaScriptEnabled) {
        await expect(box2).toBeFocused();
        await page.keyboard.press("ArrowRight");
      } else {
        // The lightbox is the focus starting point: Tab reaches its first link.
        await page.keyboard.press("Tab");
        await expect(box2.getByRole("link", { name: "Previous" })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(box2.getByRole("link", { name: "Next" })).toBeFocused();
        await page.keyboard.press("Enter");
      }
      await expect(page).toHaveURL(/#gallery-image-3$/);
      await expect(box3).toBeVisible();
      await expect(box2).toBeHidden();
      await expect(box3).toBeInViewport();

      if (javaScriptEnabled) {
        await page.keyboard.press("Escape");
        await expect(box3).toBeHidden();
        // Focus returns to the thumbnail that opened the image shown last.
        await expect(page.locator("#gallery-thumb-3")).toBeFocused();
      } else {
        await box3.getByRole("link", { name: "Close" }).focus();
        await page.keyboard.press("Enter");
        await expect(box3).toBeHidden();
        await expect(page).toHaveURL(/#gallery-thumb-3$/);
        await expect(page.locator("#gallery-thumb-3")).toBeInViewport();
        // The thumbnail is where the keyboard goes on from.
        await page.keyboard.press("Tab");
        await expect(page.locator("#gallery-thumb-4")).toBeFocused();
      }
    });
  }

  test("axe finds no violations with the lightbox open, light and dark", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page, so it needs JavaScript");
    const project = await galleryProject(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // A fresh document each time: going to the same URL again would only move to its #hash,
      // and axe would see the colours mid-transition to the new scheme.
      await page.goto("about:blank");
      await page.goto(`/projects/${project._id}#gallery-image-2`);
      await expect(page.locator("#gallery-image-2")).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) })),
        colorScheme,
      ).toEqual([]);
    }
  });
});
