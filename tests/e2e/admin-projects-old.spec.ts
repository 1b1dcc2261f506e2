import { expect, ownerTest as test, unique } from "./fixtures";

// A project as the old backend stored it (through the REST API, as its client or an import sends
// it): a skill that is not a category and a free-text date. Edit Project keeps the skill as long
// as the owner does not change it, and says what date is stored, with JavaScript on and off.
test.describe("Edit Project with a project from the old backend", () => {
  test.setTimeout(90_000);

  test("offers the current skill, says what date is stored, saves with the skill untouched", async ({
    page,
    baseURL,
  }) => {
    const title = unique("E2E Old shop");
    const created = await page.request.post("/addprotfolio", {
      headers: { Origin: baseURL! },
      data: {
        title,
        subtitle: "An old shop",
        clientName: "Acme",
        date: "Spring 2021",
        service: "Web shop",
        budget: "$1,200",
        shortDescription: "A shop built in Vue",
        skill: "Vue",
        level: "advanced",
        liveUrl: "https://shop.example/",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).insertedId as string;

    await page.goto(`/dashboard/admin/portfolio-edit/${id}`);
    const skill = page.getByRole("combobox", { name: "Skill", exact: true });
    await expect(skill).toHaveValue("Vue");
    await expect(skill.locator("option:checked")).toHaveText("Vue (not a category)");
    await expect(skill.locator("option", { hasText: "React" })).toHaveCount(1);
    await expect(
      page.getByText("Stored as “Spring 2021”: choose the date it stands for."),
    ).toBeVisible();
    const date = page.getByLabel("Date");
    await expect(date).toHaveValue("");

    await date.fill("2021-04-01");
    await page.getByRole("button", { name: "Update Project" }).click();
    await expect(page).toHaveURL("/dashboard/admin/projects");
    await expect(page.locator('[data-testid="message-dialog"][open]')).toContainText(
      "Project Updated Successfully!",
    );

    const saved = await (await page.request.get(`/addprotfolio/${id}`)).json();
    expect(saved).toMatchObject({
      skill: "Vue",
      date: "2021-04-01",
      level: "Advanced",
      budget: 1200,
    });
    await page.goto(`/projects/${id}`);
    await expect(page.getByText("Vue", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("April 1, 2021")).toBeVisible();

    const deleted = await page.request.delete(`/addprotfolio/${id}`, {
      headers: { Origin: baseURL! },
    });
    expect(deleted.status()).toBe(200);
  });
});
