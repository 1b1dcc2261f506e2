import { describe } from "vitest";
import * as addRoute from "~/routes/dashboard.admin.experience.add";
import * as deleteRoute from "~/routes/dashboard.admin.experience.$id.delete";
import * as listRoute from "~/routes/dashboard.admin.experience._index";
import { createExperience } from "~/models/experience.server";
import { prisma } from "~/models/db.server";
import { describeAddForm, describeDelete, describeListLoader } from "./admin-crud-support";

const LIST = "/dashboard/admin/experience";

describe("admin experience", () => {
  describeListLoader("experience", LIST, listRoute);

  describeAddForm("experience", LIST, {
    path: `${LIST}/add`,
    route: addRoute,
    valid: { title: "Intern", institution: "Acme", year: "6 months+", description: "" },
    required: {
      title: "Title is required",
      institution: "Institution Name is required",
      year: "Experience Duration is required",
    },
    maxLengths: { title: 150, institution: 150, year: 50, description: 2000 },
    successTitle: "Experience Added Successfully!",
    failText: "Failed to add Experience.",
    exists: async (v) =>
      (await prisma.experience.count({
        where: {
          title: v.title?.trim(),
          institution: v.institution?.trim(),
          year: v.year?.trim(),
          description: v.description?.trim(),
        },
      })) > 0,
  });

  describeDelete("experience", {
    listUrl: LIST,
    route: deleteRoute,
    create: async () =>
      (
        await createExperience({
          title: `Engineer ${Math.random()}`,
          institution: "Globex",
          year: "2 years",
          description: "Built things",
        })
      ).id,
    exists: async (id) => (await prisma.experience.count({ where: { id } })) > 0,
    title: "Are you sure?",
  });
});
