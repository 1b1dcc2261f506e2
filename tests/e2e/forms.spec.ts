// The one form pipeline (Conform) in a real browser. With JavaScript the form's schema checks a
// field when it is left and again as it is corrected, and a submit with errors sends nothing;
// without JavaScript the server's answer shows the same message beside the same field.
import type { Page } from "@playwright/test";
import { expectMessage } from "./admin-crud";
import { expect, test, unique } from "./fixtures";

const ADD_SKILL = "/dashboard/admin/skills/add";

/** Counts the POSTs the page sends from now on. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("forms", () => {
  test.setTimeout(90_000);

  test("with JavaScript the schema's message shows beside the field before any request", async ({
    page,
    asOwner,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "client-side validation needs JavaScript");
    await asOwner(ADD_SKILL);
    const posts = countPosts(page);
    const field = page.getByLabel("Skill Name");

    // Left blank: the message appears on blur, announced through aria-describedby.
    await field.fill("   ");
    await field.blur();
    const message = page.getByText("Skill Name is required");
    await expect(message).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Skill Name is required");

    // Corrected: the message goes as soon as the field is valid (revalidated on input).
    await field.fill("R");
    await expect(message).toBeHidden();
    await expect(field).not.toHaveAttribute("aria-invalid", "true");

    // A submit with an error is stopped in the browser: still no request, focus on the field.
    await field.fill("");
    await page.getByRole("button", { name: "Add Skill" }).click();
    await expect(message).toBeVisible();
    await expect(field).toBeFocused();
    await expect(page).toHaveURL(ADD_SKILL);
    expect(posts).toEqual([]);

    // Once valid, the form submits as before.
    const name = unique("Skill");
    await field.fill(name);
    await page.getByRole("button", { name: "Add Skill" }).click();
    await expect(page).toHaveURL("/dashboard/admin/skills");
    await expectMessage(page, "Skill Added Successfully!", `“${name}” has been added.`);
    expect(posts).toHaveLength(1);
  });

  test("a refusal keeps what was typed and shows the message beside the field (JS on and off)", async ({
    page,
    asOwner,
    javaScriptEnabled,
  }) => {
    await asOwner("/dashboard/admin/education/add");
    // Spaces pass the browser's `required` but not the schema: only the server refuses them
    // when JavaScript is off; with JavaScript the same message comes from the browser.
    await page.getByLabel("Degree").fill("   ");
    await page.getByLabel("Institution").fill("Typed University");
    await page.getByLabel("Passing Year").fill("2024");
    await page.getByLabel("Description").fill("Typed description");
    await page.getByRole("button", { name: "Add Education" }).click();

    const degree = page.getByLabel("Degree");
    await expect(degree).toHaveAttribute("aria-invalid", "true");
    await expect(degree).toHaveAccessibleDescription("Degree is required");
    await expect(page.getByLabel("Institution")).toHaveValue("Typed University");
    await expect(page.getByLabel("Passing Year")).toHaveValue("2024");
    await expect(page.getByLabel("Description")).toHaveValue("Typed description");
    if (!javaScriptEnabled) {
      // The server's answer: the dialog's title and text inline above the form.
      await expect(page.getByTestId("form-result")).toContainText("Error!");
      await expect(page.getByTestId("form-result")).toContainText("Failed to add Education.");
    }
  });
});
