import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, unique } from "./fixtures";

/** What a visitor sees of a published project: it is everywhere. */
const PUBLISHED = {
  detail: 200,
  inList: true,
  inReact: true,
  onHome: true,
  inSitemap: true,
  inApiList: true,
  apiOne: 200,
};

const LIST = "/dashboard/admin/projects";

/** A complete project (every field the edit form requires), featured so it leads public lists. */
async function createProject(page: Page, title: string): Promise<number> {
  const res = await page.request.post("/addprotfolio", {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      title,
      subtitle: "Draft spec subtitle",
      clientName: "Draft Client",
      date: "2024-05-01",
      service: "Web",
      budget: 100,
      shortDescription: "A project used by the drafts spec.",
      liveView: "https://example.com/",
      skill: "React",
      level: "Beginner",
      featured: true,
    },
  });
  expect(res.status()).toBe(201);
  return Number((await res.json()).insertedId);
}

/** Ticks or clears the Draft checkbox on the admin edit form and saves. */
async function setDraft(page: Page, id: number, draft: boolean) {
  await page.goto(`/dashboard/admin/portfolio-edit/${id}`);
  await page.getByLabel("Draft (hidden from the public site)").setChecked(draft);
  await page.getByRole("button", { name: "Update Project" }).click();
  await expect(page).toHaveURL(LIST);
}

/** Everything an anonymous visitor (no cookie) can see of the project. */
async function visitorView(request: APIRequestContext, id: number, title: string) {
  const [detail, list, react, home, sitemap, apiList, apiOne] = await Promise.all([
    request.get(`/projects/${id}`),
    request.get("/projects"),
    request.get("/projects/react"),
    request.get("/"),
    request.get("/sitemap.xml"),
    request.get("/addprotfolio"),
    request.get(`/addprotfolio/${id}`),
  ]);
  const ids = ((await apiList.json()) as Array<{ _id?: string; id?: string | number }>).map((p) =>
    String(p._id ?? p.id),
  );
  return {
    detail: detail.status(),
    inList: (await list.text()).includes(title),
    inReact: (await react.text()).includes(title),
    onHome: (await home.text()).includes(title),
    inSitemap: (await sitemap.text()).includes(`/projects/${id}</loc>`),
    inApiList: ids.includes(String(id)),
    apiOne: apiOne.status(),
  };
}

test.describe("draft projects", () => {
  let id = 0;

  test.afterEach(async ({ page }) => {
    if (id)
      await page.request.delete(`/addprotfolio/${id}`, {
        headers: { Origin: new URL(page.url()).origin },
      });
    id = 0;
  });

  test("a draft is hidden from visitors, shown with a badge and previewed by the owner until published", async ({
    page,
    asOwner,
    request,
    playwright,
    baseURL,
  }) => {
    await asOwner();
    const title = unique("Draft Project");
    id = await createProject(page, title);
    // Anonymous reads: a context of its own, without the owner's cookie.
    const visitor = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
    });

    // Published: everywhere.
    expect(await visitorView(visitor, id, title)).toEqual(PUBLISHED);

    await setDraft(page, id, true);
    const row = page.locator("tbody tr", { hasText: title });
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();

    // The owner previews the draft's public page: marked as a draft, kept by no cache, not indexed.
    await page.goto(`/dashboard/admin/portfolio-view/${id}`);
    const [preview] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/projects/${id}`),
      page.getByRole("link", { name: "Preview the draft" }).click(),
    ]);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("status")).toContainText("Draft — only you can see this");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page).toHaveTitle(new RegExp(`^Draft: ${title}`));
    expect(await visitorView(visitor, id, title)).toEqual({
      detail: 404,
      inList: false,
      inReact: false,
      onHome: false,
      inSitemap: false,
      inApiList: false,
      apiOne: 404,
    });
    // The owner still reads it through the API.
    expect((await page.request.get(`/addprotfolio/${id}`)).status()).toBe(200);
    // The `request` fixture has no cookie either.
    expect((await request.get(`/projects/${id}`)).status()).toBe(404);

    await setDraft(page, id, false);
    await expect(
      page.locator("tbody tr", { hasText: title }).getByText("Draft", { exact: true }),
    ).toHaveCount(0);
    expect(await visitorView(visitor, id, title)).toEqual(PUBLISHED);
    await visitor.dispose();
  });
});
