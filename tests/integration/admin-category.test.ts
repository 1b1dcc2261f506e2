import { describe, expect, it } from "vitest";
import * as addRoute from "~/routes/dashboard.admin.category.add";
import * as deleteRoute from "~/routes/dashboard.admin.category.$id.delete";
import * as listRoute from "~/routes/dashboard.admin.category._index";
import { createCategory } from "~/models/category.server";
import { prisma } from "~/models/db.server";
import { formRequest, getRequest } from "../support/requests";
import {
  call,
  describeAddForm,
  describeDelete,
  describeListLoader,
  flashOf,
  owner,
} from "./admin-crud-support";

const LIST = "/dashboard/admin/category";

async function category(name: string) {
  const created = await createCategory({ name });
  if (!created.ok) throw new Error(created.error);
  return created.category;
}

describe("admin category", () => {
  describeListLoader("category", LIST, listRoute);

  it("lists categories newest first (the page numbers them counting down from the total)", async () => {
    const cookie = await owner();
    await category("Older category");
    await category("Newer category");
    const res = await call(listRoute.loader, getRequest(LIST, { cookie }));
    const names = (await res.json()).categories.map((c: { name: string }) => c.name);
    expect(names.indexOf("Newer category")).toBeLessThan(names.indexOf("Older category"));
  });

  describeAddForm("category", LIST, {
    path: `${LIST}/add`,
    route: addRoute,
    valid: { name: "Vue" },
    required: { name: "Category name is required" },
    maxLengths: { name: 60 },
    successTitle: "Category Added Successfully!",
    failText: "Failed to add Category.",
    exists: async (v) => (await prisma.category.count({ where: { name: v.name?.trim() } })) > 0,
  });

  it("refuses a duplicate name (any case) with 400 and a message next to the field", async () => {
    const cookie = await owner();
    await category("Svelte");
    const res = await call(
      addRoute.action,
      formRequest(`${LIST}/add`, { name: "svelte" }, { cookie }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog.text).toBe("Failed to add Category.");
    expect(body.error.name).toEqual(['A category named "Svelte" already exists.']);
    expect(body.initialValue.name).toBe("svelte");
  });

  describeDelete("category", {
    listUrl: LIST,
    route: deleteRoute,
    create: async () => (await category(`Delete me ${Math.random()}`)).id,
    exists: async (id) => (await prisma.category.count({ where: { id } })) > 0,
    title: "Delete Category?",
  });

  it("refuses to delete a category that projects still use as their skill, and says why", async () => {
    const cookie = await owner();
    const used = await category("Django");
    for (const title of ["One", "Two"]) {
      await prisma.project.create({
        data: { title, skill: "Django", level: "Beginner", sourceCode: "https://example.com" },
      });
    }
    const path = `${LIST}/${used.id}/delete`;
    const res = await call(deleteRoute.action, formRequest(path, {}, { cookie }), {
      id: String(used.id),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(LIST);
    const flash = await flashOf(res);
    expect(flash).toMatchObject({ type: "error", title: "Error!" });
    expect(flash?.text).toBe(
      "Failed to delete Category. 2 projects still use it as skill. Change the skill of those projects first.",
    );
    expect(await prisma.category.count({ where: { id: used.id } })).toBe(1);
  });
});
