import { describe, expect, it, vi } from "vitest";
import * as addRoute from "~/routes/dashboard.admin.skills.add";
import * as deleteRoute from "~/routes/dashboard.admin.skills.$id.delete";
import * as listRoute from "~/routes/dashboard.admin.skills._index";
import { createSkill } from "~/models/skill.server";
import { prisma } from "~/models/db.server";
import { formRequest, getRequest } from "../support/requests";
import {
  call,
  describeAddForm,
  describeDelete,
  describeListLoader,
  owner,
} from "./admin-crud-support";

const LIST = "/dashboard/admin/skills";

describe("admin skills", () => {
  describeListLoader("skills", LIST, listRoute);

  it("lists skills newest first", async () => {
    const cookie = await owner();
    await createSkill({ name: "Older skill" });
    await createSkill({ name: "Newer skill" });
    const res = await call(listRoute.loader, getRequest(LIST, { cookie }));
    expect(res.status).toBe(200);
    const names = (await res.json()).skills.map((s: { name: string }) => s.name);
    expect(names.indexOf("Newer skill")).toBeLessThan(names.indexOf("Older skill"));
  });

  describeAddForm("skills", LIST, {
    path: `${LIST}/add`,
    route: addRoute,
    valid: { name: "TypeScript" },
    required: { name: "Skill Name is required" },
    maxLengths: { name: 60 },
    successTitle: "Skill Added Successfully!",
    failText: "Failed to add Skill.",
    exists: async (v) => (await prisma.skill.count({ where: { name: v.name?.trim() } })) > 0,
  });

  it("an unexpected database failure answers 500 'Something went wrong. Try again.', keeping what was typed", async () => {
    const cookie = await owner();
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_skill BEFORE INSERT ON "Skill" BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await call(
        addRoute.action,
        formRequest(`${LIST}/add`, { name: "Doomed" }, { cookie }),
      );
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({
        dialog: { kind: "error", title: "Error!", text: "Something went wrong. Try again." },
        initialValue: { name: "Doomed" },
      });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_skill`);
    }
  });

  describeDelete("skills", {
    listUrl: LIST,
    route: deleteRoute,
    create: async () => (await createSkill({ name: `Delete me ${Math.random()}` })).id,
    exists: async (id) => (await prisma.skill.count({ where: { id } })) > 0,
    title: "Are you sure?",
  });
});
