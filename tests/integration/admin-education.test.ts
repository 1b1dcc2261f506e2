import { describe, expect, it } from "vitest";
import * as addRoute from "~/routes/dashboard.admin.education.add";
import * as deleteRoute from "~/routes/dashboard.admin.education.$id.delete";
import * as listRoute from "~/routes/dashboard.admin.education._index";
import * as editRoute from "~/routes/dashboard.admin.education-edit.$id";
import { createEducation, getEducation } from "~/models/education.server";
import { prisma } from "~/models/db.server";
import { formRequest, getRequest } from "../support/requests";
import {
  call,
  describeAddForm,
  describeDelete,
  describeListLoader,
  expectLoginRedirect,
  flashOf,
  owner,
  typedValues,
} from "./admin-crud-support";

const LIST = "/dashboard/admin/education";
const editPath = (id: number | string) => `/dashboard/admin/education-edit/${id}`;
const saved = {
  degree: "MSc",
  institution: "KTH",
  year: "2022",
  description: "Thesis on compilers",
};
const education = () => createEducation({ ...saved, degree: `MSc ${Math.random()}` });

describe("admin education", () => {
  describeListLoader("education", LIST, listRoute);

  describeAddForm("education", LIST, {
    path: `${LIST}/add`,
    route: addRoute,
    valid: { degree: "BSc", institution: "MIT", year: "2020", description: "" },
    required: {
      degree: "Degree is required",
      institution: "Institution is required",
      year: "Passing Year is required",
    },
    maxLengths: { degree: 150, institution: 150, year: 50, description: 2000 },
    successTitle: "Education Added Successfully!",
    failText: "Failed to add Education.",
    exists: async (v) =>
      (await prisma.education.count({
        where: {
          degree: v.degree?.trim(),
          institution: v.institution?.trim(),
          year: v.year?.trim(),
          description: v.description?.trim(),
        },
      })) > 0,
  });

  describe("edit education", () => {
    const edit = async (id: number | string, values: Record<string, string>, cookie?: string) =>
      call(editRoute.action, formRequest(editPath(id), values, { cookie }), { id: String(id) });

    it("refuses anonymous requests to its loader and action (to /login)", async () => {
      const { id } = await education();
      expectLoginRedirect(
        await call(editRoute.loader, getRequest(editPath(id)), { id: String(id) }),
        editPath(id),
      );
      expectLoginRedirect(await edit(id, { ...saved, degree: "Hacked" }), editPath(id));
      expect((await getEducation(id))?.degree).not.toBe("Hacked");
    });

    it("prefills the four fields", async () => {
      const cookie = await owner();
      const record = await education();
      const res = await call(editRoute.loader, getRequest(editPath(record.id), { cookie }), {
        id: String(record.id),
      });
      expect((await res.json()).education).toEqual(record);
    });

    it("answers 404 for an unknown or malformed id (page and action)", async () => {
      const cookie = await owner();
      for (const id of ["424242", "x1", "-3"]) {
        expect(
          (await call(editRoute.loader, getRequest(editPath(id), { cookie }), { id })).status,
        ).toBe(404);
        expect((await edit(id, saved, cookie)).status).toBe(404);
      }
    });

    it("saves a change and returns to the education list", async () => {
      const cookie = await owner();
      const { id } = await education();
      const next = { degree: "PhD", institution: "ETH", year: "2026", description: "Done" };
      const res = await edit(id, next, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(LIST);
      expect(await flashOf(res)).toMatchObject({ title: "Education Updated Successfully!" });
      expect(await getEducation(id)).toEqual({ id, ...next });
    });

    it("answers 'No Changes Made' when nothing changed", async () => {
      const cookie = await owner();
      const record = await education();
      const res = await edit(record.id, { ...record, id: "" }, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: "success",
        dialog: { kind: "info", title: "No Changes Made" },
      });
    });

    it("requires all four fields, description included (400, values kept)", async () => {
      const cookie = await owner();
      const { id } = await education();
      const messages = {
        degree: "Degree is required",
        institution: "Institution is required",
        year: "Passing Year is required",
        description: "Description is required",
      };
      for (const [field, message] of Object.entries(messages)) {
        const values = { ...saved, [field]: "  " };
        const res = await edit(id, values, cookie);
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.error[field]?.[0]).toBe(message);
        expect(body.initialValue).toEqual(typedValues(values));
      }
      const long = await edit(id, { ...saved, description: "d".repeat(2001) }, cookie);
      expect(long.status).toBe(400);
      expect((await long.json()).error.description?.[0]).toMatch("at most 2000");
    });
  });

  describeDelete("education", {
    listUrl: LIST,
    route: deleteRoute,
    create: async () => (await education()).id,
    exists: async (id) => (await prisma.education.count({ where: { id } })) > 0,
    title: "Are you sure?",
  });
});
