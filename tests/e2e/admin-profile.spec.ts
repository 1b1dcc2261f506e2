import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { openAsOwner } from "./admin-crud";
import { expect as baseExpect, holdRequests, ownerTest as test } from "./fixtures";
import type { Page } from "@playwright/test";

// Uploads re-encode images with sharp and the machine running the suite may be busy: allow
// more than the default 7 s for each expectation.
const expect = baseExpect.configure({ timeout: 20_000 });

const FILES = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp", "e2e-profile-files");
const PROFILE = "/dashboard/admin/profile";

async function jpegFile(width: number, height: number) {
  fs.mkdirSync(FILES, { recursive: true });
  const file = path.join(FILES, `${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`);
  await sharp({ create: { width, height, channels: 3, background: "#7c3aed" } })
    .jpeg()
    .toFile(file);
  return file;
}

const messageDialog = (page: Page) => page.locator('[data-testid="message-dialog"][open]');
async function closeDialog(page: Page) {
  await messageDialog(page).getByRole("button", { name: "OK" }).click();
  await expect(messageDialog(page)).toBeHidden();
}

type Saved = { number: string; pictureBytes: Buffer | null };

/** Chooses a picture: without JavaScript it goes with the form; with it, it uploads at once. */
async function choosePicture(page: Page, file: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Profile Image", { exact: true }).setInputFiles(file);
  if (javaScriptEnabled) {
    await expect(messageDialog(page)).toContainText("Image Uploaded!");
    await expect(messageDialog(page)).toContainText("Profile picture updated");
    await closeDialog(page);
  }
}

/**
 * Puts the phone number back and the previous picture (as a fresh upload of the same image: the
 * replaced upload was cleaned up when the new one was saved), or none.
 */
async function restoreProfile(page: Page, saved: Saved, javaScriptEnabled: boolean) {
  await page.goto(PROFILE);
  if (saved.pictureBytes) {
    fs.mkdirSync(FILES, { recursive: true });
    const file = path.join(FILES, `restore-${Date.now()}.jpg`);
    fs.writeFileSync(file, saved.pictureBytes);
    await choosePicture(page, file, javaScriptEnabled);
  } else {
    const remove = page.getByLabel("Remove the profile image");
    if (await remove.count()) await remove.check();
  }
  await page.getByLabel("Phone Number").fill(saved.number);
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(messageDialog(page)).toContainText("Success!");
}

test.describe("admin profile", () => {
  test.setTimeout(120_000);

  test("update the picture and a field, see them on the site, then restore", async ({
    page,
    javaScriptEnabled,
    profileLock,
  }) => {
    void profileLock; // changes the one profile: no other worker's test at the same time
    const width = 400 + Math.floor(Math.random() * 300);
    const picture = await jpegFile(width, width);
    const newNumber = `+1 555 ${String(Math.floor(Math.random() * 9000) + 1000)}`;

    await openAsOwner(page, PROFILE);
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    const preview = page.getByTestId("profile-image-preview");
    const previousSrc = (await preview.count()) ? await preview.getAttribute("src") : null;
    const saved: Saved = {
      number: await page.getByLabel("Phone Number").inputValue(),
      pictureBytes: previousSrc
        ? Buffer.from(await (await page.request.get(previousSrc)).body())
        : null,
    };
    expect(saved.number).not.toBe("");
    let changed = false;
    try {
      const fileInput = page.getByLabel("Profile Image", { exact: true });
      await expect(fileInput).toHaveAttribute("accept", "image/*");
      if (javaScriptEnabled) {
        // Hold the upload until the 'Uploading...' indicator has been seen.
        const held = await holdRequests(page, "**/dashboard/admin/upload-image**");
        await fileInput.setInputFiles(picture);
        await expect(page.getByText("Uploading...")).toBeVisible();
        held.release();
        await expect(messageDialog(page)).toContainText("Image Uploaded!");
        await expect(messageDialog(page)).toContainText("Profile picture updated");
        await closeDialog(page);
        await expect(preview).toHaveAttribute("src", new RegExp(`-${width}x${width}/`));
        await page.unroute("**/dashboard/admin/upload-image**");
      } else {
        await fileInput.setInputFiles(picture);
      }
      await page.getByLabel("Phone Number").fill(newNumber);
      changed = true;
      await page.getByRole("button", { name: "Update Profile" }).click();
      await expect(page).toHaveURL(PROFILE);
      await expect(messageDialog(page)).toContainText("Success!");
      await closeDialog(page);
      await expect(page.getByLabel("Phone Number")).toHaveValue(newNumber);
      await expect(preview).toHaveAttribute("src", new RegExp(`-${width}x${width}/`));

      await page.goto("/contact");
      await expect(page.getByText(newNumber)).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("img", { name: /^Portrait of / })).toHaveAttribute(
        "src",
        new RegExp(`-${width}x${width}/`),
      );
    } finally {
      if (changed) await restoreProfile(page, saved, javaScriptEnabled);
    }
    await page.goto("/contact");
    await expect(page.getByText(saved.number)).toBeVisible();
    await page.goto(PROFILE);
    if (saved.pictureBytes) {
      await expect(preview).not.toHaveAttribute("src", new RegExp(`-${width}x${width}/`));
    } else {
      await expect(preview).toHaveCount(0);
    }
  });

  test("a malformed link is refused with the schema's message beside it, keeping the fields", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openAsOwner(page, PROFILE);
    const github = page.getByLabel("GitHub");
    const original = await github.inputValue();
    // type=url would stop the browser from sending it; the schema must refuse it on its own
    // (in the browser with JavaScript, on the server without).
    await github.evaluate((el) => el.setAttribute("type", "text"));
    await github.fill("github.com/without-scheme");
    await page.getByLabel("Address").fill("Typed but not saved");
    await page.getByRole("button", { name: "Update Profile" }).click();
    const message = "GitHub must be a full URL starting with http:// or https://";
    await expect(github).toHaveAttribute("aria-invalid", "true");
    await expect(github).toHaveAccessibleDescription(message);
    if (!javaScriptEnabled) {
      // The server's answer: 'Error!' and its message inline above the form.
      await expect(page.getByTestId("form-result")).toContainText("Error!");
      await expect(page.getByTestId("form-result")).toContainText(message);
    }
    await expect(page.getByLabel("Address")).toHaveValue("Typed but not saved");
    await page.goto(PROFILE);
    await expect(page.getByLabel("GitHub")).toHaveValue(original);
  });
});
