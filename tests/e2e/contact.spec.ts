import type { Page } from "@playwright/test";
import { expect, holdRequests, test, unique } from "./fixtures";

// The e2e servers run with CONTACT_MIN_FILL_MS=0 (tests/e2e/server.mjs), so the form can be sent
// at once; the form's stamp is still checked (a missing or forged one would file the message as
// spam and the inbox step below would fail). The minimum fill time itself is tested in
// tests/integration/contact-notify.test.ts.

/** A form field by its accessible name (the label without the required mark). */
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Me" })).toBeVisible();
}

async function fillForm(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
) {
  await field(page, "Name").fill(values.name);
  await field(page, "Email").fill(values.email);
  await field(page, "Subject").fill(values.subject);
  await field(page, "Message").fill(values.message);
}

test.describe("contact", () => {
  test("send a message, see the confirmation, read it in the inbox, archive and delete it", async ({
    page,
    asOwner,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000); // a whole journey: contact page, sign-in, inbox, archive, delete
    const subject = unique("Hello from e2e");
    const values = {
      name: "Ada E2E",
      email: "ada.e2e@example.com",
      subject,
      message: "First line <b>not bold</b>\nSecond line.",
    };
    await openContact(page);
    // The owner's details from the profile, as info cards.
    const details = page.getByRole("list", { name: "Contact details" });
    await expect(details.getByRole("link", { name: /@/ })).toBeVisible();
    await expect(field(page, "Message")).toHaveAttribute("rows", "5");
    await expect(field(page, "Email")).toHaveAttribute("type", "email");

    await fillForm(page, values);
    let held: { release: () => void } | undefined;
    if (javaScriptEnabled) {
      // No reload: a marker on window survives; the button shows a pending state meanwhile.
      await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
      held = await holdRequests(page, "**/contact");
    }
    await page.getByRole("button", { name: "Send Message" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
      held?.release();
    }
    const result = page.getByTestId("contact-result");
    await expect(result).toContainText("Thank you! Your message has been sent.");
    await expect(result).toHaveAttribute("role", "status");
    // Focused either way: put in place by the script, or on load of the page the redirect shows.
    await expect(result).toBeFocused();
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
      await page.unroute("**/contact");
    }
    // The form is cleared.
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }

    // The owner reads it in the inbox: unread, with name, email, subject and a preview.
    await asOwner("/dashboard/admin/messages");
    // The sidebar counts unread messages.
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Messages/ }),
    ).toContainText(/Messages\s*\d+/);
    const row = page.getByTestId("message-row").filter({ hasText: subject });
    await expect(row).toHaveAttribute("data-unread", "true");
    await expect(row).toContainText("Ada E2E");
    await expect(row).toContainText("ada.e2e@example.com");
    await expect(row).toContainText("First line <b>not bold</b> Second line.");
    await expect(row).toContainText("No email");
    await row.getByRole("link").click();

    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByTestId("message-body")).toHaveText(values.message);
    await expect(page.getByRole("link", { name: "Reply" })).toHaveAttribute(
      "href",
      `mailto:ada.e2e@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );

    // Archive: back to the inbox with a flash; the message is in the Archived folder, read.
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByTestId("flash")).toContainText("Message archived");
    await expect(page.getByTestId("message-row").filter({ hasText: subject })).toHaveCount(0);
    await page.getByRole("link", { name: /^Archived/ }).click();
    await expect(page).toHaveURL(/folder=archived/);
    const archived = page.getByTestId("message-row").filter({ hasText: subject });
    await expect(archived).toHaveAttribute("data-unread", "false");
    await archived.getByRole("link").click();
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();

    // Delete, after the spec's confirmation.
    await page.getByRole("link", { name: "Delete" }).click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Are you sure?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("This action cannot be undone!");
      await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    } else {
      await expect(page).toHaveURL(/\/dashboard\/admin\/messages\/\d+\/delete$/);
      await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
      await expect(page.getByText("This action cannot be undone!")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete it!" }).click();
    }
    const done = page.getByTestId("message-dialog");
    await expect(done).toBeVisible();
    await expect(done).toContainText("Deleted!");
    await expect(page).toHaveURL(/\/dashboard\/admin\/messages\?folder=archived$/);
    await done.getByRole("button", { name: "OK" }).click();
    await expect(page.getByTestId("message-row").filter({ hasText: subject })).toHaveCount(0);
  });

  test("a field the server refuses shows its error beside it and every field keeps what was typed (without a reload with JS)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const values = {
      name: "Too Long",
      email: "too.long@example.com",
      subject: `${unique("Long")} ${"x".repeat(220)}`,
      message: "This subject is longer than 200 characters.",
    };
    await openContact(page);
    // The browser would cut the subject at maxlength: remove it to reach the server's check.
    await field(page, "Subject").evaluate((el) => el.removeAttribute("maxlength"));
    await fillForm(page, values);
    if (javaScriptEnabled) {
      await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
    }
    await page.getByRole("button", { name: "Send Message" }).click();

    // The error summary names the field, linked to it, and has focus.
    const result = page.getByTestId("error-summary");
    await expect(result).toContainText("Your message was not sent.");
    await expect(result).toHaveAttribute("role", "alert");
    await expect(result).toBeFocused();
    await expect(
      result.getByRole("link", { name: "Subject must be at most 200 characters" }),
    ).toHaveAttribute("href", `#${await field(page, "Subject").getAttribute("id")}`);
    if (javaScriptEnabled) {
      // The server's answer, shown in place: no new page.
      expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
    }
    const subject = field(page, "Subject");
    await expect(subject).toHaveAttribute("aria-invalid", "true");
    const describedBy = await subject.getAttribute("aria-describedby");
    const message = page.locator(`[id="${describedBy}"]`);
    await expect(message).toHaveText("Subject must be at most 200 characters");
    await expect(message).toHaveAttribute("role", "alert");
    await expect(message).toBeVisible();
    await expect(field(page, "Name")).toHaveValue(values.name);
    await expect(field(page, "Email")).toHaveValue(values.email);
    await expect(subject).toHaveValue(values.subject);
    await expect(field(page, "Message")).toHaveValue(values.message);
    await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid", "true");
  });
});
