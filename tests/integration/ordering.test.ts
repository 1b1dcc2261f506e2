import { beforeEach, describe, expect, it } from "vitest";
import { moved, moveItem, setOrder } from "~/models/ordering.server";
import { createSkill, listSkills } from "~/models/skill.server";
import { prisma } from "~/models/db.server";

const names = async () => (await listSkills()).map((s) => s.name);

describe("ordering", () => {
  beforeEach(async () => {
    await prisma.skill.deleteMany();
    for (const name of ["D", "C", "B", "A"]) await createSkill({ name });
  });

  it("puts new items first, like the spec's newest-first lists", async () => {
    expect(await names()).toEqual(["A", "B", "C", "D"]);
    await createSkill({ name: "New" });
    expect(await names()).toEqual(["New", "A", "B", "C", "D"]);
  });

  it("moves an item up, down, to the top and to the bottom, and stops at the ends", async () => {
    const id = (name: string) => listSkills().then((all) => all.find((s) => s.name === name)!.id);
    expect(await moveItem("skill", await id("C"), "up")).toBe(true);
    expect(await names()).toEqual(["A", "C", "B", "D"]);
    await moveItem("skill", await id("A"), "up");
    expect(await names()).toEqual(["A", "C", "B", "D"]);
    await moveItem("skill", await id("A"), "bottom");
    expect(await names()).toEqual(["C", "B", "D", "A"]);
    await moveItem("skill", await id("D"), "top");
    expect(await names()).toEqual(["D", "C", "B", "A"]);
    expect(await moveItem("skill", 999_999, "up")).toBe(false);
  });

  it("sets a whole order from a list of ids, keeping unlisted ones after it", async () => {
    const all = await listSkills();
    const byName = Object.fromEntries(all.map((s) => [s.name, s.id]));
    await setOrder("skill", [byName.C, byName.A, 424242]);
    expect(await names()).toEqual(["C", "A", "B", "D"]);
  });

  it("leaves a consistent order after many concurrent moves", async () => {
    const ids = (await listSkills()).map((s) => s.id);
    const directions = ["up", "down", "top", "bottom"] as const;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        moveItem("skill", ids[i % ids.length], directions[(i * 7) % 4]),
      ),
    );
    const rows = await prisma.skill.findMany({ orderBy: { position: "asc" } });
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
  });

  it("computes moves purely", () => {
    expect(moved([1, 2, 3], 3, "up")).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, "down")).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 4, "down")).toBeNull();
  });
});
