// Social cards (issue #18) through the real production server: the PNG cards of the public
// pages and projects (size, type, caching, HEAD, 304), the meta tags that point to them, a card
// re-made when the project's title changes (new URL, new bytes, new file on disk), drafts and
// bad ids answered 404, and the owner's custom card image from the dashboard form and REST.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { TMP } from "../support/paths";
import {
  API_TOKEN,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  anonymous,
  call,
  pngBlob,
  projectBody,
  signIn,
  withToken,
} from "./api-client";

let server: TestServer;
let cookie: string;
let cardsDir: string;

beforeAll(async () => {
  cardsDir = path.join(TMP, `social-cards-test-${process.pid}-${Date.now()}`);
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL,
      OWNER_PASSWORD,
      API_TOKEN,
      RATE_LIMIT_DISABLED: "1",
      SOCIAL_CARDS_DIR: cardsDir,
    },
  });
  cookie = await signIn(server);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(cardsDir, { recursive: true, force: true });
});

const owner = () => withToken();

async function get(pathOrUrl: string, init: RequestInit = {}) {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${server.url}${pathOrUrl}`;
  const res = await fetch(url, { redirect: "manual", ...init });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

async function expectCard(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe("png");
  expect([meta.width, meta.height]).toEqual([1200, 630]);
}

/** The content of `<meta property|name="key">` in a page. */
function metaOf(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`property="${key}"`) || t.includes(`name="${key}"`));
  return tag ? /content="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&") : undefined;
}

async function pageMeta(pathname: string) {
  const { res, bytes } = await get(pathname);
  expect(res.status, pathname).toBe(200);
  const html = bytes.toString("utf8");
  return (key: string) => metaOf(html, key);
}

async function upload(width = 1000, height = 700): Promise<string> {
  const body = new FormData();
  body.append("image", await pngBlob(width, height), "picture.png");
  const res = await call(server, owner(), "POST", "/upload", body);
  expect(res.status).toBe(200);
  return (res.json as { data: { url: string } }).data.url;
}

async function createProject(overrides: Record<string, unknown> = {}): Promise<number> {
  const created = await call(server, owner(), "POST", "/addprotfolio", projectBody(overrides));
  expect(created.status).toBe(201);
  return Number((created.json as { insertedId: string }).insertedId);
}

const cardFiles = (id: number) =>
  (fs.existsSync(cardsDir) ? fs.readdirSync(cardsDir) : []).filter((n) =>
    n.startsWith(`project-${id}-dark-`),
  );

/** A request with the path sent exactly as written (fetch would normalise ../). */
function rawGet(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path: pathname, method: "GET" },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("page cards", () => {
  it("answers every public page's card as a 1200×630 PNG", async () => {
    for (const page of ["home", "projects", "react", "laravel", "resume", "contact"]) {
      const { res, bytes } = await get(`/og/${page}.png`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{16}-dark"$/);
      await expectCard(bytes);
    }
    const light = await get("/og/home.png?theme=light");
    expect(light.res.status).toBe(200);
    await expectCard(light.bytes);
    expect(light.bytes.equals((await get("/og/home.png")).bytes)).toBe(false);
  });

  it("HEAD has the headers and no body; If-None-Match answers 304", async () => {
    const { res, bytes } = await get("/og/home.png");
    const head = await get("/og/home.png", { method: "HEAD" });
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get("content-type")).toBe("image/png");
    expect(head.res.headers.get("content-length")).toBe(String(bytes.length));
    expect(head.bytes.length).toBe(0);
    const again = await get("/og/home.png", {
      headers: { "If-None-Match": res.headers.get("etag")! },
    });
    expect(again.res.status).toBe(304);
  });

  it("the pages' meta tags point to their card: absolute, versioned, 1200×630, with alt text", async () => {
    for (const [pathname, card] of [
      ["/", "home"],
      ["/projects", "projects"],
      ["/projects/react", "react"],
      ["/resume", "resume"],
      ["/contact", "contact"],
    ]) {
      const meta = await pageMeta(pathname);
      const image = meta("og:image")!;
      expect(image, pathname).toMatch(
        new RegExp(`^${server.url}/og/${card}\\.png\\?v=[0-9a-f]{16}$`),
      );
      expect(meta("og:image:width")).toBe("1200");
      expect(meta("og:image:height")).toBe("630");
      expect(meta("og:image:alt")).toMatch(/.+/);
      expect(meta("twitter:card")).toBe("summary_large_image");
      expect(meta("twitter:image")).toBe(image);
      // The versioned URL is the current card: cached for good.
      const { res, bytes } = await get(image);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await expectCard(bytes);
      // Public content whoever asks: the owner's browser may keep it too (not no-store).
      const asOwner = await get(image, { headers: { Cookie: cookie } });
      expect(asOwner.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });
});

describe("project cards", () => {
  it("draws a published project's card, and re-makes it when the title changes", async () => {
    const thumbnail = await upload();
    const id = await createProject({ title: "Card project one", thumbnail });
    const before = await pageMeta(`/projects/${id}`);
    const url = before("og:image")!;
    expect(url).toMatch(new RegExp(`^${server.url}/og/projects/${id}\\.png\\?v=[0-9a-f]{16}$`));
    expect(before("twitter:image")).toBe(url);
    expect(before("og:image:width")).toBe("1200");
    expect(before("og:image:alt")).toContain("Card project one");
    const first = await get(url);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("image/png");
    await expectCard(first.bytes);
    expect(cardFiles(id)).toHaveLength(1);
    const firstFile = cardFiles(id)[0];

    const put = await call(server, owner(), "PUT", `/addprotfolio/${id}`, {
      title: "Card project one, renamed",
    });
    expect(put.json).toMatchObject({ modifiedCount: 1 });
    const after = await pageMeta(`/projects/${id}`);
    const newUrl = after("og:image")!;
    expect(newUrl).not.toBe(url);
    expect(newUrl.split("?")[0]).toBe(url.split("?")[0]);
    const second = await get(newUrl);
    expect(second.res.status).toBe(200);
    await expectCard(second.bytes);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    // A new file for the new version; the old version's file is gone.
    expect(cardFiles(id)).toHaveLength(1);
    expect(cardFiles(id)[0]).not.toBe(firstFile);
    // The old URL answers the current card, no longer for good.
    const stale = await get(url);
    expect(stale.res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(stale.bytes.equals(second.bytes)).toBe(true);
  });

  it("renders once for concurrent requests, and draws a card without a picture for an external thumbnail", async () => {
    const id = await createProject({ thumbnail: "https://example.com/thumb.png" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get(`/og/projects/${id}.png`)),
    );
    for (const { res, bytes } of answers) {
      expect(res.status).toBe(200);
      await expectCard(bytes);
      expect(bytes.equals(answers[0].bytes)).toBe(true);
    }
    expect(cardFiles(id)).toHaveLength(1);
  });

  it("answers 404 for drafts, unknown ids and anything that is not a card address", async () => {
    const draft = await createProject({ draft: true });
    expect((await get(`/og/projects/${draft}.png`)).res.status).toBe(404);
    const draftPage = await get(`/projects/${draft}`);
    expect(draftPage.res.status).toBe(404);
    for (const pathname of [
      "/og/projects/999999.png",
      "/og/projects/abc.png",
      "/og/projects/12",
      "/og/projects/12.jpg",
      "/og/projects/0.png",
      "/og/projects/99999999999999999999.png",
      "/og/projects/-1.png",
      "/og/projects/1.5.png",
      "/og/nope.png",
      "/og/home",
      "/og/home.png.png",
      "/og/home.png?theme=pink",
      "/og/projects/%2e%2e%2fhome.png",
    ]) {
      const { res } = await get(pathname);
      expect(res.status, pathname).toBe(404);
    }
    for (const raw of ["/og/../../etc/passwd.png", "/og/projects/../../../etc/passwd"]) {
      expect(await rawGet(raw), raw).toBe(404);
    }
  });
});

describe("the owner's custom social card", () => {
  /** The Edit Project form of project `id` as the dashboard sends it, with `extra` fields. */
  async function submitEdit(id: number, body: Record<string, unknown>, extra: FormData) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (key === "images" || value === null || value === undefined) continue;
      form.append(key, String(value));
    }
    for (const [key, value] of extra) form.append(key, value);
    return fetch(`${server.url}/dashboard/admin/portfolio-edit/${id}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url },
    });
  }

  it("an uploaded card replaces the automatic one in the meta tags; removing it brings the card back", async () => {
    const body = projectBody({ thumbnail: "" });
    const id = await createProject(body);
    const automatic = (await pageMeta(`/projects/${id}`))("og:image")!;
    expect(automatic).toContain(`/og/projects/${id}.png?v=`);

    // The edit page previews the automatic card.
    const editPage = await get(`/dashboard/admin/portfolio-edit/${id}`, {
      headers: { Cookie: cookie },
    });
    const editHtml = editPage.bytes.toString("utf8");
    expect(editHtml).toContain("1200 × 630 works best; leave empty to use the automatic card.");
    expect(editHtml).toContain(`src="/og/projects/${id}.png?v=`);

    const upload = new FormData();
    upload.append(
      "newOgImage",
      new File([await (await pngBlob(1200, 630)).arrayBuffer()], "card.png", { type: "image/png" }),
    );
    const saved = await submitEdit(id, body, upload);
    expect(saved.status).toBe(302);
    const custom = await pageMeta(`/projects/${id}`);
    const image = custom("og:image")!;
    expect(image).toMatch(new RegExp(`^${server.url}/images/[a-z0-9]{16}-1200x630/1200\\.jpg$`));
    expect(custom("twitter:image")).toBe(image);
    expect(custom("og:image:width")).toBe("1200");
    expect(custom("og:image:height")).toBe("630");
    const served = await get(image);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get("content-type")).toBe("image/jpeg");
    // The REST answer keeps the old client's exact fields (no ogImage).
    const one = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(one.json).not.toHaveProperty("ogImage");

    const ref = image.replace(server.url, "").replace(/\/1200\.jpg$/, "");
    const removeForm = new FormData();
    removeForm.append("currentOgImage", ref);
    removeForm.append("removeOgImage", "on");
    const removed = await submitEdit(id, body, removeForm);
    expect(removed.status).toBe(302);
    expect((await pageMeta(`/projects/${id}`))("og:image")).toBe(automatic);
    // The image no project uses any more is deleted.
    expect((await get(ref)).res.status).toBe(404);
  });

  it("REST takes ogImage on POST and PUT (an uploaded image's URL), validated like the thumbnail", async () => {
    const url = await upload(1200, 630);
    const id = await createProject({ ogImage: url });
    const image = (await pageMeta(`/projects/${id}`))("og:image")!;
    expect(image).toMatch(/\/images\/[a-z0-9]{16}-1200x630\/1200\.jpg$/);
    const bad = await call(server, owner(), "PUT", `/addprotfolio/${id}`, {
      ogImage: "javascript:alert(1)",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Social card image must be an uploaded image or a URL");
    const cleared = await call(server, owner(), "PUT", `/addprotfolio/${id}`, { ogImage: "" });
    expect(cleared.json).toMatchObject({ modifiedCount: 1 });
    expect((await pageMeta(`/projects/${id}`))("og:image")).toContain(`/og/projects/${id}.png?v=`);
  });

  it("Add Portfolio keeps an accepted social card image when the form is refused, and saves it next time", async () => {
    const body = projectBody({ title: "", thumbnail: "" });
    const fieldsOf = (values: Record<string, unknown>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(values)) {
        if (key === "images" || key === "thumbnail" || value === null) continue;
        form.append(key, String(value));
      }
      return form;
    };
    const post = (form: FormData) =>
      fetch(`${server.url}/dashboard/admin/projects/add`, {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: { Cookie: cookie, Origin: server.url },
      });
    const first = fieldsOf(body);
    first.append(
      "ogImage",
      new File([await (await pngBlob(1200, 630)).arrayBuffer()], "card.png", { type: "image/png" }),
    );
    const refused = await post(first);
    expect(refused.status).toBe(400);
    const kept = /name="kept-ogImage" value="(\/images\/[a-z0-9]{16}-1200x630)"/.exec(
      await refused.text(),
    )?.[1];
    expect(kept).toBeDefined();

    const title = `Kept card ${Date.now()}`;
    const second = fieldsOf({ ...body, title });
    second.append("kept-ogImage", kept!);
    expect((await post(second)).status).toBe(302);
    const list = await call(server, anonymous, "GET", "/addprotfolio");
    const id = (list.json as Array<{ id: number; title: string }>).find(
      (p) => p.title === title,
    )!.id;
    expect((await pageMeta(`/projects/${id}`))("og:image")).toBe(`${server.url}${kept}/1200.jpg`);
  });

  it("Add Portfolio refuses a file that is not an image for the social card (400, typed values kept)", async () => {
    const body = projectBody({ title: "Refused card project", thumbnail: "" });
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (key === "images" || key === "thumbnail" || value === null) continue;
      form.append(key, String(value));
    }
    form.append("ogImage", new File(["just some notes"], "notes.txt", { type: "text/plain" }));
    const res = await fetch(`${server.url}/dashboard/admin/projects/add`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("notes.txt was not saved: not a JPEG, PNG, WebP, AVIF or GIF image");
    expect(html).toContain('value="Refused card project"');
    const list = await call(server, anonymous, "GET", "/addprotfolio");
    expect(
      (list.json as Array<{ title: string }>).some((p) => p.title === "Refused card project"),
    ).toBe(false);
  });
});
