// The Projects list, portfolio-view, portfolio-edit and delete: loaders and actions against a
// real SQLite copy and the real upload pipeline (sharp-made images).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as addAction } from "~/routes/dashboard.admin.projects.add";
import { loader as listLoader } from "~/routes/dashboard.admin.projects._index";
import { loader as viewLoader } from "~/routes/dashboard.admin.portfolio-view.$id";
import {
  action as editAction,
  loader as editLoader,
} from "~/routes/dashboard.admin.portfolio-edit.$id";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/dashboard.admin.projects.$id.delete";
import { prisma } from "~/models/db.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { getToast } from "~/utils/toast.server";
import { cookieFrom, getRequest, ownerCookie, run } from "../support/requests";

type Fields = Record<string, string | string[] | Blob | Blob[]>;
const ORIGIN = "http://localhost";
let cookie = "";

async function picture(width = 80, height = 60, background = "#1d4ed8") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
const imageFile = async (width = 80, height = 60, background = "#1d4ed8") =>
  new File([new Uint8Array(await picture(width, height, background))], `p${width}x${height}.png`, {
    type: "image/png",
  });
const emptyFileInput = () => new File([], "", { type: "application/octet-stream" });

function post(pathname: string, fields: Fields, asOwner = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return new Request(new URL(pathname, ORIGIN), {
    method: "POST",
    body,
    headers: asOwner ? { Cookie: cookie, Origin: ORIGIN } : { Origin: ORIGIN },
  });
}
const get = (pathname: string, asOwner = true) => getRequest(pathname, asOwner ? { cookie } : {});
const args = (request: Request, id?: string) => ({
  request,
  params: id === undefined ? {} : { id },
  context: {},
});

async function toastOf(response: Response) {
  return (await getToast(getRequest("/", { cookie: cookieFrom(response) }))).toast;
}

const uploadsDir = () => process.env.UPLOADS_DIR as string;
const isStored = async (ref: string) => {
  const key = imageKeyFromRef(ref)!;
  const row = await prisma.uploadedImage.findUnique({ where: { key } });
  return Boolean(row) && fs.existsSync(path.join(uploadsDir(), key));
};

const base = {
  title: "Lighthouse CMS",
  subtitle: "Content for a lighthouse museum",
  clientName: "Museum Trust",
  date: "2024-11-02",
  service: "Web Development",
  budget: "4200",
  strategy: "Start with the archive.",
  design: "Sea colours.",
  userExperience: "Large type.",
  shortDescription: "A CMS for a museum.",
  longDescription: "Longer text.",
  liveView: "https://lighthouse.example.com",
  sourceCode: "https://github.com/example/lighthouse",
  skill: "Laravel",
  level: "Advanced",
};

/** Adds a project through the Add Portfolio action (a thumbnail and `gallery` images). */
async function addProject(gallery = 2, extra: Fields = {}) {
  const images = await Promise.all(
    Array.from({ length: gallery }, (_, i) => imageFile(50 + i, 40, "#10b981")),
  );
  const thumb = await imageFile(120, 80);
  const res = await run(() =>
    addAction(
      args(post("/dashboard/admin/projects/add", { ...base, ...extra, thumbnail: thumb, images })),
    ),
  );
  expect(res.status).toBe(302);
  return prisma.project.findFirstOrThrow({
    orderBy: { id: "desc" },
    include: { images: { orderBy: { position: "asc" } } },
  });
}

/** The edit form as the browser sends it for `project`, unchanged, plus `change`. */
function editFields(project: Awaited<ReturnType<typeof addProject>>, change: Fields = {}): Fields {
  return {
    ...base,
    thumbnail: project.thumbnail,
    newThumbnail: emptyFileInput(),
    existingImages: project.images.map((i) => i.url),
    newImages: emptyFileInput(),
    ...change,
  };
}

const edit = (id: number | string, fields: Fields, asOwner = true) =>
  run(() =>
    editAction(args(post(`/dashboard/admin/portfolio-edit/${id}`, fields, asOwner), String(id))),
  );

beforeAll(async () => {
  cookie = await ownerCookie();
  await prisma.category.createMany({ data: [{ name: "React" }, { name: "Laravel" }] });
});

beforeEach(async () => {
  await prisma.project.deleteMany();
  await prisma.uploadedImage.deleteMany();
  await prisma.imageDetail.deleteMany();
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
  fs.mkdirSync(uploadsDir(), { recursive: true });
});

describe("owner only", () => {
  it("sends anonymous requests to /login from every loader and action, changing nothing", async () => {
    const project = await addProject(1);
    const id = String(project.id);
    const responses = [
      await run(() => listLoader(args(get("/dashboard/admin/projects", false)))),
      await run(() => viewLoader(args(get(`/dashboard/admin/portfolio-view/${id}`, false), id))),
      await run(() => editLoader(args(get(`/dashboard/admin/portfolio-edit/${id}`, false), id))),
      await edit(id, editFields(project, { title: "Hijacked" }), false),
      await run(() => deleteLoader(args(get(`/dashboard/admin/projects/${id}/delete`, false), id))),
      await run(() =>
        deleteAction(args(post(`/dashboard/admin/projects/${id}/delete`, {}, false), id)),
      ),
    ];
    for (const res of responses) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    const after = await prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(after.title).toBe(base.title);
  });
});

describe("list and view", () => {
  it("lists every project with its thumbnail and sub-description, drafts included and flagged", async () => {
    await addProject(0);
    await addProject(0, { title: "Secret draft", draft: "on", subtitle: "Not yet public" });
    const res = await run(() => listLoader(args(get("/dashboard/admin/projects"))));
    const { projects } = await res.json();
    expect(projects).toHaveLength(2);
    expect(projects[0]).toMatchObject({
      title: "Secret draft",
      subtitle: "Not yet public",
      draft: true,
    });
    expect(projects[1]).toMatchObject({ title: base.title, subtitle: base.subtitle, draft: false });
    expect(projects[1].thumbnail).toMatch(/^\/images\//);
  });

  it("shows one project with its links and images; unknown or malformed ids are 404", async () => {
    const project = await addProject(2);
    const res = await run(() =>
      viewLoader(args(get(`/dashboard/admin/portfolio-view/${project.id}`), String(project.id))),
    );
    const { project: shown } = await res.json();
    expect(shown).toMatchObject({
      title: base.title,
      liveView: base.liveView,
      sourceCode: base.sourceCode,
      budget: 4200,
      thumbnail: project.thumbnail,
      images: project.images.map((i) => i.url),
    });
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999"]) {
      const missing = await run(() =>
        viewLoader(args(get(`/dashboard/admin/portfolio-view/${id}`), id)),
      );
      expect(missing.status).toBe(404);
    }
  });
});

describe("portfolio-edit", () => {
  it("prefills every field and the current images; 404 for unknown ids", async () => {
    const project = await addProject(2);
    const res = await run(() =>
      editLoader(args(get(`/dashboard/admin/portfolio-edit/${project.id}`), String(project.id))),
    );
    const data = await res.json();
    expect(data.values).toMatchObject({ ...base, draft: "", featured: "" });
    expect(data.existing).toEqual({
      thumbnail: project.thumbnail,
      images: project.images.map((i) => i.url),
      ogImage: "",
    });
    // The automatic social card's address, for its preview on the form.
    expect(data.cardPreview).toMatch(
      new RegExp(`^/og/projects/${project.id}\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(data.categories.sort()).toEqual(["Laravel", "React"]);
    for (const id of ["424242", "nope"]) {
      const missing = await run(() =>
        editLoader(args(get(`/dashboard/admin/portfolio-edit/${id}`), id)),
      );
      expect(missing.status).toBe(404);
    }
  });

  it("saves changes and keeps the thumbnail when no new file is chosen", async () => {
    const project = await addProject(1);
    const res = await edit(
      project.id,
      editFields(project, { title: "Lighthouse CMS 2", featured: "on" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/projects");
    expect(await toastOf(res)).toMatchObject({ type: "success", dialog: true });
    const after = await prisma.project.findUniqueOrThrow({
      where: { id: project.id },
      include: { images: true },
    });
    expect(after).toMatchObject({ title: "Lighthouse CMS 2", featured: true });
    expect(after.thumbnail).toBe(project.thumbnail);
    expect(after.images.map((i) => i.url)).toEqual(project.images.map((i) => i.url));
    expect(await isStored(project.thumbnail)).toBe(true);
  });

  it("replaces the thumbnail with a new file and deletes the old upload", async () => {
    const project = await addProject(0);
    const res = await edit(
      project.id,
      editFields(project, { newThumbnail: await imageFile(200, 100) }),
    );
    expect(res.status).toBe(302);
    const after = await prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(after.thumbnail).toMatch(/^\/images\/[a-z0-9]{16}-200x100$/);
    expect(await isStored(after.thumbnail)).toBe(true);
    expect(await isStored(project.thumbnail)).toBe(false);
  });

  it("removes, replaces and adds gallery images, deleting the uploads no longer used", async () => {
    const project = await addProject(3);
    const [first, second, third] = project.images.map((i) => i.url);
    const res = await edit(
      project.id,
      editFields(project, {
        removeImages: first,
        replaceImage1: await imageFile(77, 33, "#f59e0b"),
        newImages: [await imageFile(66, 44, "#a855f7")],
      }),
    );
    expect(res.status).toBe(302);
    const after = await prisma.project.findUniqueOrThrow({
      where: { id: project.id },
      include: { images: { orderBy: { position: "asc" } } },
    });
    const urls = after.images.map((i) => i.url);
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(/-77x33$/);
    expect(urls[1]).toBe(third);
    expect(urls[2]).toMatch(/-66x44$/);
    for (const url of urls) expect(await isStored(url)).toBe(true);
    expect(await isStored(first)).toBe(false);
    expect(await isStored(second)).toBe(false);
  });

  it("refuses more than 4 gallery images in all (400), keeping the new files to choose from", async () => {
    const project = await addProject(3);
    const before = await prisma.uploadedImage.count();
    const res = await edit(
      project.id,
      editFields(project, { newImages: [await imageFile(61, 40), await imageFile(62, 40)] }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.images?.[0]).toMatch(/At most 4 portfolio images/);
    expect(body.error.newImages?.[0]).toMatch(/At most 4 portfolio images/);
    expect(body.initialValue.title).toBe(base.title);
    // Kept (shown as already uploaded) for the owner to remove one or the other.
    expect(body.initialValue.newImages).toHaveLength(2);
    expect(await prisma.uploadedImage.count()).toBe(before + 2);
    const after = await prisma.project.findUniqueOrThrow({
      where: { id: project.id },
      include: { images: true },
    });
    expect(after.images).toHaveLength(3);
  });

  it("refuses more than 4 new files at once and a file that is not an image with 'Image upload failed'", async () => {
    const project = await addProject(0);
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => imageFile(40 + n, 40)));
    const tooMany = await edit(project.id, editFields(project, { newImages: five }));
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).dialog.text).toMatch(/^Image upload failed/);

    const fake = new File(["<html>not an image</html>"], "x.png", { type: "image/png" });
    const bad = await edit(
      project.id,
      editFields(project, { title: "Kept title", newThumbnail: fake }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.dialog).toMatchObject({ kind: "error", title: "Error!" });
    expect(body.dialog.text).toMatch(/^Image upload failed/);
    expect(body.initialValue.title).toBe("Kept title");
    expect(body.error.newThumbnail).toEqual([
      "x.png was not saved: not a JPEG, PNG, WebP, AVIF or GIF image; choose it again.",
    ]);
    // The first 4 of the five at once were kept (the fifth named); the fake stored nothing.
    expect(await prisma.uploadedImage.count()).toBe(1 + 4);
  });

  const required: Array<[string, Fields, string]> = [
    ["title", { title: "" }, "Title is required"],
    ["subtitle", { subtitle: " " }, "Subtitle is required"],
    ["clientName", { clientName: "" }, "Client Name is required"],
    ["date", { date: "" }, "Date is required"],
    ["service", { service: "" }, "Service is required"],
    ["budget", { budget: "" }, "Budget is required"],
    ["shortDescription", { shortDescription: "" }, "Short Description is required"],
    ["skill", { skill: "" }, "Skill is required"],
    ["level", { level: "" }, "Level must be Beginner, Intermediate or Advanced"],
  ];
  it.each(required)(
    "400 when %s is missing, keeping what was typed",
    async (field, change, message) => {
      const project = await addProject(0);
      const res = await edit(
        project.id,
        editFields(project, { ...change, longDescription: "typed" }),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error[field]?.[0]).toBe(message);
      expect(body.initialValue.longDescription).toBe("typed");
      const after = await prisma.project.findUniqueOrThrow({ where: { id: project.id } });
      expect(after.longDescription).toBe(base.longDescription);
    },
  );

  it("400 for invalid typed values and the link rule; an uploaded thumbnail is kept to send back", async () => {
    const project = await addProject(0);
    for (const [change, field] of [
      [{ date: "2024-13-45" }, "date"],
      [{ budget: "12abc" }, "budget"],
      [{ liveView: "not a url" }, "liveView"],
      [{ skill: "Fortran" }, "skill"],
    ] as const) {
      const res = await edit(
        project.id,
        editFields(project, { ...change, newThumbnail: await imageFile(90, 90) }),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error[field]?.[0]).toBeTruthy();
      expect(body.initialValue.newThumbnail).toMatch(/-90x90$/);
    }
    const noLink = await edit(project.id, editFields(project, { liveView: "", sourceCode: "" }));
    expect(noLink.status).toBe(400);
    expect((await noLink.json()).dialog).toMatchObject({
      title: "Validation Error",
      text: "Please provide at least Live View URL or Source Code URL",
    });
    // The original thumbnail and the four kept ones (the prune job removes them if never saved).
    expect(await prisma.uploadedImage.count()).toBe(5);
  });

  it("saves kept uploads (a new thumbnail, a replacement, a new image) and each image's details", async () => {
    const project = await addProject(2);
    const refused = await edit(
      project.id,
      editFields(project, {
        liveView: "ftp://example.com/file",
        newThumbnail: await imageFile(91, 91),
        replaceImage0: await imageFile(92, 40),
        newImages: [await imageFile(93, 40)],
      }),
    );
    expect(refused.status).toBe(400);
    const typed = (await refused.json()).initialValue;
    const [thumb, replacement, added] = [typed.newThumbnail, typed.replaceImage0, typed.newImages];
    expect([thumb, replacement, added].map((r: string) => r.replace(/.*-/, ""))).toEqual([
      "91x91",
      "92x40",
      "93x40",
    ]);
    const second = project.images[1].url;
    const saved = await edit(
      project.id,
      editFields(project, {
        "kept-newThumbnail": thumb,
        "kept-replaceImage0": replacement,
        "kept-newImages": added,
        detail0Src: "@thumbnail",
        detail0Alt: "New cover",
        detail2Src: second,
        detail2Caption: "The second screen",
        detail2FocalY: "10",
      }),
    );
    expect(saved.status).toBe(302);
    const after = await prisma.project.findUniqueOrThrow({
      where: { id: project.id },
      include: { images: { orderBy: { position: "asc" } } },
    });
    expect(after.thumbnail).toBe(thumb);
    expect(after.images.map((i) => i.url)).toEqual([replacement, second, added]);
    const details = await prisma.imageDetail.findMany({ orderBy: { alt: "asc" } });
    expect(
      details.map(({ src, alt, caption, focalX, focalY }) => [src, alt, caption, focalX, focalY]),
    ).toEqual([
      [second, "", "The second screen", 50, 10],
      [thumb, "New cover", "", 50, 50],
    ]);

    // Only the details changed: that is a change (not 'No Changes Made'), and clearing them
    // removes the row.
    const current = await prisma.project.findUniqueOrThrow({
      where: { id: project.id },
      include: { images: { orderBy: { position: "asc" } } },
    });
    const again = await edit(
      project.id,
      editFields(current, { detail0Src: "@thumbnail", detail0Alt: "" }),
    );
    expect(again.status).toBe(302);
    expect(await prisma.imageDetail.count()).toBe(1);

    // Deleting the project removes its images' details with the images.
    const { projectService } = await import("~/entities/project.server");
    await projectService.remove(project.id);
    expect(await prisma.imageDetail.count()).toBe(0);
  });

  it("answers 'No Changes Made' when nothing differs", async () => {
    const project = await addProject(1);
    const res = await edit(project.id, editFields(project));
    expect(res.status).toBe(200);
    expect((await res.json()).dialog).toMatchObject({ kind: "info", title: "No Changes Made" });
  });

  it("404 for an unknown id, before any file is stored", async () => {
    const res = await edit(31337, { ...base, newThumbnail: await imageFile() });
    expect(res.status).toBe(404);
    const bad = await edit("x1", { ...base });
    expect(bad.status).toBe(404);
    expect(await prisma.uploadedImage.count()).toBe(0);
  });
});

describe("delete", () => {
  it("the confirmation page names the project; 404 when it does not exist", async () => {
    const project = await addProject(0);
    const page = await run(() =>
      deleteLoader(args(get(`/dashboard/admin/projects/${project.id}/delete`), String(project.id))),
    );
    expect(await page.json()).toMatchObject({ title: "Are you sure?", name: base.title });
    const missing = await run(() =>
      deleteLoader(args(get("/dashboard/admin/projects/9999/delete"), "9999")),
    );
    expect(missing.status).toBe(404);
  });

  it("deletes the project and its images, then says 'Deleted!' on the list", async () => {
    const project = await addProject(2);
    const refs = [project.thumbnail, ...project.images.map((i) => i.url)];
    const res = await run(() =>
      deleteAction(
        args(post(`/dashboard/admin/projects/${project.id}/delete`, {}), String(project.id)),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/admin/projects");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Deleted!", dialog: true });
    expect(await prisma.project.count()).toBe(0);
    expect(await prisma.projectImage.count()).toBe(0);
    for (const ref of refs) expect(await isStored(ref)).toBe(false);
  });

  it("keeps an image another record still uses", async () => {
    const project = await addProject(0);
    await prisma.profile.create({ data: { name: "Owner", image: project.thumbnail } });
    await run(() =>
      deleteAction(
        args(post(`/dashboard/admin/projects/${project.id}/delete`, {}), String(project.id)),
      ),
    );
    expect(await isStored(project.thumbnail)).toBe(true);
    await prisma.profile.deleteMany();
  });

  it("a failed delete (already gone) says so with an error dialog; a malformed id is 404", async () => {
    const res = await run(() =>
      deleteAction(args(post("/dashboard/admin/projects/4040/delete", {}), "4040")),
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "error", title: "Error!", dialog: true });
    const bad = await run(() =>
      deleteAction(args(post("/dashboard/admin/projects/abc/delete", {}), "abc")),
    );
    expect(bad.status).toBe(404);
  });
});
