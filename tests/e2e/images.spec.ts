// Images end to end: the owner uploads real photos through the admin forms (JavaScript on and
// off), visitors get them re-encoded (AVIF in Chromium) with placeholders on the public pages,
// and deleting the content removes the files.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { expect as baseExpect, test, unique } from "./fixtures";

// Uploads re-encode images with sharp and the machine running the suite may be busy.
const expect = baseExpect.configure({ timeout: 20_000 });

const FILES = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp", "e2e-image-files");

/** A photo-like JPEG (gradient, shapes, grain) written to a scratch file for setInputFiles. */
async function photoFile(
  name: string,
  width: number,
  height: number,
  hue: number,
  { sideways = false }: { sideways?: boolean } = {},
) {
  fs.mkdirSync(FILES, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${hue + 60},60%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fde68a"/>
  </svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: "#fff" });
  if (sideways) {
    image = image.withExif({ IFD0: { Make: "E2ECam", Copyright: "Secret Owner" } }).withMetadata({
      orientation: 6,
    });
  }
  const file = path.join(FILES, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
  await image.jpeg({ quality: 88 }).toFile(file);
  return file;
}

/** The open result dialog (closed ones stay in the page but are not exposed as dialogs). */
const messageDialog = (page: Page) => page.getByRole("dialog");
async function closeDialog(page: Page) {
  await messageDialog(page).getByRole("button", { name: "OK" }).click();
  await expect(messageDialog(page)).toBeHidden();
}

/** Checks an <Image> really loaded from our variants: AVIF chosen, decoded, sized, placeholder. */
async function expectServedImage(image: Locator, key: RegExp) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("src", key);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const loaded = await image.evaluate((img: HTMLImageElement) => ({
    current: img.currentSrc,
    width: img.getAttribute("width"),
    height: img.getAttribute("height"),
    parent: img.parentElement?.tagName,
    sources: [...(img.parentElement?.querySelectorAll("source") ?? [])].map((s) => s.type),
    background: img.style.backgroundImage,
  }));
  expect(loaded.parent).toBe("PICTURE");
  expect(loaded.sources).toEqual(["image/avif", "image/webp"]);
  expect(loaded.current).toMatch(/\/images\/[a-z0-9]{16}-\d+x\d+\/\d+\.avif$/);
  expect(loaded.background).toMatch(/placeholder\.webp/);
  expect(Number(loaded.width)).toBeGreaterThan(0);
  expect(Number(loaded.height)).toBeGreaterThan(0);
  return loaded.current;
}

test.describe("images", () => {
  test.setTimeout(150_000);

  test("a profile picture: uploaded, oriented, stripped of EXIF, shown on the site", async ({
    page,
    asOwner,
    javaScriptEnabled,
    profileLock,
  }) => {
    void profileLock; // changes the one profile: no other worker's test at the same time
    // A sideways camera photo: stored 3:2 with EXIF orientation 6, so it must come out 2:3.
    const w = 300 + Math.floor(Math.random() * 200);
    const picture = await photoFile("me.jpg", w, 200, 200, { sideways: true });
    await asOwner("/dashboard/admin/profile");
    const previous = await page
      .getByTestId("profile-image-preview")
      .getAttribute("src")
      .catch(() => null);
    const previousBytes = previous
      ? Buffer.from(await (await page.request.get(previous)).body())
      : null;

    try {
      await page.getByLabel("Profile Image", { exact: true }).setInputFiles(picture);
      if (javaScriptEnabled) {
        await expect(messageDialog(page)).toContainText("Image Uploaded!");
        await closeDialog(page);
      }
      await page.getByRole("button", { name: "Update Profile" }).click();
      await expect(messageDialog(page)).toContainText("Success!");
      await closeDialog(page);

      await page.goto("/");
      const portrait = page.getByRole("img", { name: /^Portrait of / });
      const current = await expectServedImage(portrait, new RegExp(`-200x${w}/`));
      // Upright: the decoded picture is taller than wide.
      const natural = await portrait.evaluate((img: HTMLImageElement) => [
        img.naturalWidth,
        img.naturalHeight,
      ]);
      expect(natural[1]).toBeGreaterThan(natural[0]);

      // What visitors download carries no camera data.
      const jpeg = await page.request.get(current.replace(/\.avif$/, ".jpg"));
      expect(jpeg.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await jpeg.body());
      expect(bytes.toString("latin1")).not.toContain("E2ECam");
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    } finally {
      // Put the previous picture back (as a fresh upload of the same image), or none.
      await page.goto("/dashboard/admin/profile");
      if (previousBytes) {
        fs.mkdirSync(FILES, { recursive: true });
        const file = path.join(FILES, `restore-${Date.now()}.jpg`);
        fs.writeFileSync(file, previousBytes);
        await page.getByLabel("Profile Image", { exact: true }).setInputFiles(file);
        if (javaScriptEnabled) {
          await expect(messageDialog(page)).toContainText("Image Uploaded!");
          await closeDialog(page);
        }
      } else {
        const remove = page.getByLabel("Remove the profile image");
        if (await remove.count()) await remove.check();
      }
      await page.getByRole("button", { name: "Update Profile" }).click();
      await expect(messageDialog(page)).toContainText(/Success!|No Changes Made/);
    }
  });

  test("a project with a thumbnail and 4 gallery images: on the site, then gone with it", async ({
    page,
    asOwner,
  }) => {
    const title = unique("E2E Gallery");
    const tw = 1200 + Math.floor(Math.random() * 300);
    const thumbnail = await photoFile("thumb.jpg", tw, 750, 20);
    const gallery = await Promise.all(
      [0, 1, 2, 3].map((i) => photoFile(`g${i}.jpg`, 800 + i, 600, 90 * i)),
    );

    await asOwner("/dashboard/admin/projects/add");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Subtitle", exact: true }).fill("Pictures test");
    await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("React");
    await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Advanced");
    await page.getByLabel("Client Name").fill("Gallery Ltd");
    await page.getByLabel("Live View URL").fill("https://gallery.example.com/");
    await page.getByLabel("Short Description").fill("Four screenshots and a thumbnail.");
    await page.getByLabel("Thumbnail", { exact: true }).setInputFiles(thumbnail);
    await page.getByLabel("Portfolio Images").setInputFiles(gallery);
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(messageDialog(page)).toContainText("Project Added Successfully!");
    await closeDialog(page);

    await page.goto("/dashboard/admin/projects");
    const row = page.getByRole("row").filter({ hasText: title });
    await expectServedImage(row.getByRole("img", { name: `${title} thumbnail` }), /-\d+x750\//);
    await row.getByRole("link", { name: `View ${title}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/portfolio-view\/\d+$/);
    const id = page.url().split("/").pop();

    await page.goto(`/projects/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const thumb = page.getByRole("img", { name: `${title} thumbnail` });
    await expect(thumb).toHaveAttribute("fetchpriority", "high");
    await expect(thumb).toHaveAttribute("loading", "eager");
    const urls = [await expectServedImage(thumb, new RegExp(`-${tw}x750/`))];
    const shots = page.getByRole("img", { name: /screenshot/ });
    await expect(shots).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(shots.nth(i)).toHaveAttribute("loading", "lazy");
      urls.push(await expectServedImage(shots.nth(i), new RegExp(`-${800 + i}x600/`)));
    }

    // On the projects list too (the card uses the same thumbnail).
    await page.goto("/projects");
    const card = page.getByRole("img", { name: `${title} thumbnail` });
    if (await card.count()) await expectServedImage(card.first(), new RegExp(`-${tw}x750/`));

    // Deleting the project removes its files.
    await page.goto(`/dashboard/admin/projects/${id}/delete`);
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(page).toHaveURL("/dashboard/admin/projects");
    for (const url of urls) {
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(404);
    }
  });

  test("a PDF renamed to .jpg is refused with the reason, keeping what was typed", async ({
    page,
    asOwner,
    javaScriptEnabled,
  }) => {
    const title = unique("E2E Bad Image");
    fs.mkdirSync(FILES, { recursive: true });
    const pdf = path.join(FILES, `${Date.now()}-brochure.jpg`);
    fs.writeFileSync(
      pdf,
      "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );

    await asOwner("/dashboard/admin/projects/add");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("Laravel");
    await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Beginner");
    await page.getByLabel("Live View URL").fill("https://bad.example.com/");
    await page.getByLabel("Thumbnail", { exact: true }).setInputFiles(pdf);
    await page.getByRole("button", { name: "Add Project" }).click();
    // With JavaScript the spec's dialog; without it the same title and text inline.
    await expect(
      javaScriptEnabled ? messageDialog(page) : page.getByTestId("form-result"),
    ).toContainText("Image upload failed: the file is not a JPEG, PNG, WebP, AVIF or GIF image");
    if (javaScriptEnabled) await closeDialog(page);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await page.goto("/dashboard/admin/projects");
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  });

  test("the seeded demo projects show real pictures", async ({ page }) => {
    await page.goto("/projects");
    const thumbs = page.locator("main picture img");
    expect(await thumbs.count()).toBeGreaterThan(0);
    await expectServedImage(thumbs.first(), /^\/images\//);
  });
});
