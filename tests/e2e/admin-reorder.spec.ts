import type { Page } from "@playwright/test";
import { openAsOwner } from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/skills";

/** Creates a skill through the REST API with the owner's session; returns its id. */
async function createSkill(page: Page, name: string): Promise<number> {
  const res = await page.request.post("/addskill", {
    data: { name },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(201);
  return Number((await res.json()).insertedId);
}

async function deleteSkill(page: Page, id: number) {
  await page.request.delete(`/addskill/${id}`, {
    headers: { Origin: new URL(page.url()).origin },
  });
}

/** Index of each name in the admin list's rows (-1 when absent). */
async function adminOrder(page: Page, names: string[]) {
  const rows = await page.locator("tbody tr").allTextContents();
  return names.map((name) => rows.findIndex((text) => text.includes(name)));
}

/** Index of each name in the public home's skill line. */
async function homeOrder(page: Page, names: string[]) {
  await page.goto("/");
  const line = (await page.locator('[data-typing="static"]').textContent()) ?? "";
  return names.map((name) => line.indexOf(name));
}

const before = ([a, b]: number[]) => a >= 0 && b >= 0 && a < b;

test.describe("reorder admin lists", () => {
  let ids: number[] = [];
  let first: string;
  let second: string;

  test.beforeEach(async ({ page }) => {
    await openAsOwner(page);
    first = unique("Order A");
    second = unique("Order B");
    // Newest first: B (created last) is listed above A.
    ids = [await createSkill(page, first), await createSkill(page, second)];
  });

  test.afterEach(async ({ page }) => {
    for (const id of ids) await deleteSkill(page, id);
  });

  test("Move up / Move down buttons change the admin and the public order", async ({ page }) => {
    await page.goto(LIST);
    expect(before(await adminOrder(page, [second, first]))).toBe(true);
    expect(before(await homeOrder(page, [second, first]))).toBe(true);

    await page.goto(LIST);
    await page.getByRole("button", { name: `Move ${first} up` }).click();
    await expect(page).toHaveURL(LIST);
    await expect.poll(() => adminOrder(page, [first, second]).then(before)).toBe(true);
    expect(before(await homeOrder(page, [first, second]))).toBe(true);

    await page.goto(LIST);
    await page.getByRole("button", { name: `Move ${first} down` }).click();
    await expect.poll(() => adminOrder(page, [second, first]).then(before)).toBe(true);
    expect(before(await homeOrder(page, [second, first]))).toBe(true);
  });

  test("the first row cannot move up", async ({ page }) => {
    await page.goto(LIST);
    const firstRow = page.locator("tbody tr").first();
    await expect(firstRow.getByRole("button", { name: /^Move .* up$/ })).toBeDisabled();
    await expect(
      page
        .locator("tbody tr")
        .last()
        .getByRole("button", { name: /^Move .* down$/ }),
    ).toBeDisabled();
  });

  test("keyboard: pick up with Space, move with the arrows, drop with Space; Escape cancels", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "drag handles need JavaScript; the buttons cover no-JS");
    await page.goto(LIST);
    const handle = page.getByRole("button", { name: `Drag ${second}` });
    await handle.focus();
    const status = page.getByTestId("reorder-status");

    // Escape puts it back.
    await page.keyboard.press("Space");
    await expect(status).toContainText(`Picked up ${second}`);
    await page.keyboard.press("ArrowDown");
    await expect(status).toContainText(`${second} moved to position`);
    expect(before(await adminOrder(page, [first, second]))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(status).toContainText("Move cancelled");
    expect(before(await adminOrder(page, [second, first]))).toBe(true);

    // Space, ArrowDown, Space saves.
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await expect(handle).toBeFocused();
    const saved = page.waitForResponse(
      (r) => r.url().includes("/dashboard/admin/reorder") && r.request().method() === "POST",
    );
    await page.keyboard.press("Space");
    expect((await saved).status()).toBe(200);
    await expect(status).toContainText(`${second} dropped at position`);

    await page.reload();
    expect(before(await adminOrder(page, [first, second]))).toBe(true);
    expect(before(await homeOrder(page, [first, second]))).toBe(true);
  });

  test("mouse: drag a row's handle onto another row", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "drag and drop needs JavaScript; the buttons cover no-JS");
    await page.goto(LIST);
    const saved = page.waitForResponse(
      (r) => r.url().includes("/dashboard/admin/reorder") && r.request().method() === "POST",
    );
    await page
      .getByRole("button", { name: `Drag ${second}` })
      .dragTo(page.locator("tbody tr", { hasText: first }));
    expect((await saved).status()).toBe(200);
    await page.reload();
    expect(before(await adminOrder(page, [first, second]))).toBe(true);
    expect(before(await homeOrder(page, [first, second]))).toBe(true);
  });
});

test("gallery images: Move up on the project edit screen changes the public order", async ({
  page,
}) => {
  await openAsOwner(page);
  const origin = new URL(page.url()).origin;
  const images = ["https://example.com/gallery-one.jpg", "https://example.com/gallery-two.jpg"];
  const created = await page.request.post("/addprotfolio", {
    headers: { Origin: origin },
    data: {
      title: unique("Gallery Order"),
      skill: "React",
      level: "Beginner",
      liveView: "https://example.com/",
      images,
    },
  });
  expect(created.status()).toBe(201);
  const id = Number((await created.json()).insertedId);
  try {
    await page.goto(`/dashboard/admin/portfolio-edit/${id}`);
    await expect(page.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();
    await page.getByRole("button", { name: "Move image 2 up" }).click();
    await expect(page).toHaveURL(`/dashboard/admin/portfolio-edit/${id}`);
    await expect(page.getByRole("button", { name: "Move image 2 down" })).toBeDisabled();
    // With JavaScript the buttons move at once, before the server has answered: poll the API.
    const publicImages = async () =>
      (await (await fetch(`${origin}/addprotfolio/${id}`)).json()).images;
    await expect.poll(publicImages).toEqual([...images].reverse());
  } finally {
    await page.request.delete(`/addprotfolio/${id}`, { headers: { Origin: origin } });
  }
});
