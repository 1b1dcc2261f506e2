import { describe, expect, it } from "vitest";
import * as addRoute from "~/routes/dashboard.admin.services.add";
import * as deleteRoute from "~/routes/dashboard.admin.services.$id.delete";
import * as listRoute from "~/routes/dashboard.admin.services._index";
import * as editRoute from "~/routes/dashboard.admin.service-edit.$id";
import { createService, getService } from "~/models/service.server";
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

const LIST = "/dashboard/admin/services";
const editPath = (id: number | string) => `/dashboard/admin/service-edit/${id}`;

const service = (title = `Service ${Math.random()}`) =>
  createService({ title, subtitle: "What I do", icon: "cloud" });

describe("admin services (feathers)", () => {
  describeListLoader("services", LIST, listRoute);

  describeAddForm("services", LIST, {
    path: `${LIST}/add`,
    route: addRoute,
    valid: { title: "API Design", subtitle: "REST and GraphQL APIs", icon: "server" },
    required: { title: "Title is required" },
    maxLengths: { title: 120, subtitle: 1000 },
    successTitle: "Service Added Successfully!",
    failText: "Failed to add Service.",
    exists: async (v) =>
      (await prisma.service.count({
        where: { title: v.title?.trim(), subtitle: v.subtitle?.trim() },
      })) > 0,
  });

  it("stores the chosen icon, and refuses an icon that is not offered", async () => {
    const cookie = await owner();
    const ok = await call(
      addRoute.action,
      formRequest(`${LIST}/add`, { title: "Icon check", subtitle: "", icon: "shield" }, { cookie }),
    );
    expect(ok.status).toBe(302);
    expect((await prisma.service.findFirstOrThrow({ where: { title: "Icon check" } })).icon).toBe(
      "shield",
    );
    const bad = await call(
      addRoute.action,
      formRequest(`${LIST}/add`, { title: "Bad icon", icon: "<script>" }, { cookie }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.icon?.[0]).toBe("Choose one of the listed icons");
    expect(body.initialValue).toMatchObject({ title: "Bad icon", icon: "<script>" });
  });

  describe("edit feather", () => {
    it("refuses anonymous requests to its loader and action (to /login)", async () => {
      const { id } = await service();
      expectLoginRedirect(
        await call(editRoute.loader, getRequest(editPath(id)), { id: String(id) }),
        editPath(id),
      );
      expectLoginRedirect(
        await call(editRoute.action, formRequest(editPath(id), { title: "Hacked" }), {
          id: String(id),
        }),
        editPath(id),
      );
      expect((await getService(id))?.title).not.toBe("Hacked");
    });

    it("prefills the form with the saved service", async () => {
      const cookie = await owner();
      const { id } = await service("Prefilled");
      const res = await call(editRoute.loader, getRequest(editPath(id), { cookie }), {
        id: String(id),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).service).toEqual({
        id,
        title: "Prefilled",
        subtitle: "What I do",
        icon: "cloud",
      });
    });

    it("answers 404 for an unknown or malformed id (page and action)", async () => {
      const cookie = await owner();
      for (const id of ["999999", "abc", "0", "1e3"]) {
        const page = await call(editRoute.loader, getRequest(editPath(id), { cookie }), { id });
        expect(page.status).toBe(404);
        const save = await call(
          editRoute.action,
          formRequest(editPath(id), { title: "X", subtitle: "", icon: "code" }, { cookie }),
          { id },
        );
        expect(save.status).toBe(404);
      }
    });

    it("saves a change, then goes to the services list with a success dialog", async () => {
      const cookie = await owner();
      const { id } = await service();
      const res = await call(
        editRoute.action,
        formRequest(
          editPath(id),
          { title: "Renamed", subtitle: "New text", icon: "chart" },
          { cookie },
        ),
        { id: String(id) },
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(LIST);
      expect(await flashOf(res)).toMatchObject({
        type: "success",
        title: "Service Updated Successfully!",
        text: "“Renamed” has been saved.",
        dialog: true,
      });
      expect(await getService(id)).toEqual({
        id,
        title: "Renamed",
        subtitle: "New text",
        icon: "chart",
      });
    });

    it("answers the info dialog 'No Changes Made' when nothing changed", async () => {
      const cookie = await owner();
      const { id, title } = await service();
      const res = await call(
        editRoute.action,
        formRequest(
          editPath(id),
          { title: ` ${title} `, subtitle: "What I do", icon: "cloud" },
          {
            cookie,
          },
        ),
        { id: String(id) },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: "success",
        dialog: { kind: "info", title: "No Changes Made" },
      });
    });

    it("answers 400 for an empty or over-long title and an over-long sub-title, keeping what was typed", async () => {
      const cookie = await owner();
      const { id } = await service("Keep me");
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ title: "", subtitle: "typed", icon: "code" }, "title", "Title is required"],
        [{ title: "t".repeat(121), subtitle: "", icon: "code" }, "title", "at most 120"],
        [{ title: "ok", subtitle: "s".repeat(5000), icon: "code" }, "subtitle", "at most 1000"],
      ];
      for (const [values, field, message] of cases) {
        const res = await call(editRoute.action, formRequest(editPath(id), values, { cookie }), {
          id: String(id),
        });
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body).toMatchObject({
          dialog: { kind: "error", title: "Error!", text: "Something went wrong. Try again." },
        });
        expect(body.error[field]?.[0]).toMatch(message);
        expect(body.initialValue).toEqual(typedValues(values));
      }
      expect((await getService(id))?.title).toBe("Keep me");
    });
  });

  describeDelete("services", {
    listUrl: LIST,
    route: deleteRoute,
    create: async () => (await service()).id,
    exists: async (id) => (await prisma.service.count({ where: { id } })) > 0,
    title: "Are you sure?",
  });
});
