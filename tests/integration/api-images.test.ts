// Image URLs in the REST API, for clients on another origin: uploaded images are answered as
// absolute URLs of this site (PUBLIC_URL, or the origin the request was made to, never cached
// across hosts), this site's own absolute URLs sent back are stored as /images/KEY again (a GET
// → PUT round trip changes nothing and cleans nothing up), and /images answers may be embedded
// by other origins (Cross-Origin-Resource-Policy: cross-origin).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCacheKey } from "../../server/page-cache";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  API_TOKEN,
  call,
  callAs,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  pngBlob,
  projectBody,
  queryAll,
  queryOne,
  withToken,
} from "./api-client";

const PUBLIC_URL = "https://folio.example";
let server: TestServer; // no PUBLIC_URL: the request's own origin
let published: TestServer; // PUBLIC_URL set

beforeAll(async () => {
  const env = { OWNER_EMAIL, OWNER_PASSWORD, API_TOKEN, RATE_LIMIT_DISABLED: "1" };
  [server, published] = await Promise.all([
    startTestServer({ seed: true, env: { ...env, PUBLIC_URL: undefined } }),
    startTestServer({ seed: true, env: { ...env, PUBLIC_URL } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), published?.stop()]);
});

const owner = withToken();
const EXTERNAL = "https://images.example.net/photo.png";

/** Uploads a picture; its stored reference (/images/KEY). */
async function upload(target: TestServer, width = 90): Promise<string> {
  const form = new FormData();
  form.append("image", await pngBlob(width, 60), "p.png");
  const res = await call(target, owner, "POST", "/upload", form);
  expect(res.status, res.text).toBe(200);
  return res.json.data.url;
}

/** A project with an uploaded thumbnail and a gallery of one upload and one external image. */
async function projectWithImages(target: TestServer) {
  const thumbnail = await upload(target);
  const gallery = await upload(target, 100);
  const created = await call(
    target,
    owner,
    "POST",
    "/addprotfolio",
    projectBody({ thumbnail, images: [gallery, EXTERNAL] }),
  );
  expect(created.status, created.text).toBe(201);
  return { id: created.json.insertedId as string, thumbnail, gallery };
}

/** A project's image references as stored. */
const storedProject = (target: TestServer, id: string) => ({
  thumbnail: queryOne<{ thumbnail: string }>(
    target,
    `SELECT thumbnail FROM "Project" WHERE id = ?`,
    Number(id),
  )?.thumbnail,
  images: queryAll<{ url: string }>(
    target,
    `SELECT url FROM "ProjectImage" WHERE projectId = ? ORDER BY position, id`,
    Number(id),
  ).map((row) => row.url),
});

describe("answers carry absolute image URLs", () => {
  it("projects (thumbnail, images) and the profile (image), list and item, external URLs unchanged", async () => {
    const { id, thumbnail, gallery } = await projectWithImages(server);
    const one = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(one.json.thumbnail).toBe(`${server.url}${thumbnail}`);
    expect(one.json.images).toEqual([`${server.url}${gallery}`, EXTERNAL]);
    const list = await call(server, anonymous, "GET", "/addprotfolio");
    expect(list.json.find((p: { _id: string }) => p._id === id)).toEqual(one.json);
    for (const p of list.json as Array<{ thumbnail: string; images: string[] }>) {
      for (const url of [p.thumbnail, ...p.images].filter(Boolean)) {
        expect(url, "no relative image reference in a REST answer").toMatch(/^https?:\/\//);
      }
    }
    // Stored as references.
    expect(storedProject(server, id)).toEqual({ thumbnail, images: [gallery, EXTERNAL] });

    const [profile] = (await call(server, anonymous, "GET", "/adduser")).json;
    const image = await upload(server);
    expect((await call(server, owner, "PUT", `/adduser/${profile._id}`, { image })).status).toBe(
      200,
    );
    const after = await call(server, anonymous, "GET", `/adduser/${profile._id}`);
    expect(after.json.image).toBe(`${server.url}${image}`);
    expect((await call(server, anonymous, "GET", "/adduser")).json[0].image).toBe(
      `${server.url}${image}`,
    );
    const answered = await fetch(after.json.image);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toMatch(/^image\//);
  });

  it("use PUBLIC_URL when it is set, whatever host the request named", async () => {
    const { id, thumbnail, gallery } = await projectWithImages(published);
    for (const host of [`127.0.0.1:${published.port}`, "other.example"]) {
      const one = await callAs(published, host, "GET", `/addprotfolio/${id}`);
      expect(one.status).toBe(200);
      expect(one.json.thumbnail).toBe(`${PUBLIC_URL}${thumbnail}`);
      expect(one.json.images).toEqual([`${PUBLIC_URL}${gallery}`, EXTERNAL]);
    }
  });

  it("are never cached across hosts: each Host gets its own origin, answers are no-store", async () => {
    const { id, thumbnail } = await projectWithImages(server);
    const hosts = ["a.example", "b.example:8080", "a.example"];
    for (const host of hosts) {
      for (const path of [`/addprotfolio/${id}`, "/addprotfolio"]) {
        const res = await callAs(server, host, "GET", path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(res.headers.get("x-folio-cache"), "the page cache never answers the API").toBe(null);
        const item = Array.isArray(res.json)
          ? res.json.find((p: { _id: string }) => p._id === id)
          : res.json;
        expect(item.thumbnail).toBe(`http://${host}${thumbnail}`);
      }
    }
    // The page cache keys only public pages, by host: no REST path ever gets a key.
    for (const path of ["/addprotfolio", `/addprotfolio/${id}`, "/adduser", "/adduser/1"]) {
      const key = pageCacheKey({
        method: "GET",
        path,
        url: path,
        host: "a.example",
        protocol: "http",
      });
      expect(key, path).toBeNull();
    }
  });
});

describe("this site's own absolute image URLs are stored as /images/KEY", () => {
  it("GET a project, PUT the same body back: modifiedCount 0, nothing cleaned up", async () => {
    const { id, thumbnail, gallery } = await projectWithImages(server);
    const one = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(one.json.thumbnail).toBe(`${server.url}${thumbnail}`);
    const put = await call(server, owner, "PUT", `/addprotfolio/${id}`, one.json);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
      success: true,
    });
    expect(storedProject(server, id)).toEqual({ thumbnail, images: [gallery, EXTERNAL] });
    for (const ref of [thumbnail, gallery]) {
      expect((await fetch(`${server.url}${ref}`)).status, ref).toBe(200);
    }
    // Asked under another name, the round trip is just as quiet.
    const elsewhere = await callAs(server, "c.example", "GET", `/addprotfolio/${id}`);
    const back = await callAs(server, "c.example", "PUT", `/addprotfolio/${id}`, {
      body: elsewhere.json,
      headers: { Authorization: `Bearer ${API_TOKEN}` },
    });
    expect(back.json.modifiedCount).toBe(0);
    expect(storedProject(server, id)).toEqual({ thumbnail, images: [gallery, EXTERNAL] });
  });

  it("GET the profile, PUT it back: modifiedCount 0 and its picture stays", async () => {
    const [profile] = (await call(server, anonymous, "GET", "/adduser")).json;
    expect(profile.image).toMatch(new RegExp(`^${server.url}/images/`));
    const put = await call(server, owner, "PUT", `/adduser/${profile._id}`, profile);
    expect(put.json.modifiedCount).toBe(0);
    expect((await fetch(profile.image)).status).toBe(200);
    const stored = queryOne<{ image: string }>(
      server,
      `SELECT image FROM "Profile" WHERE id = ?`,
      Number(profile._id),
    );
    expect(stored?.image).toBe(new URL(profile.image).pathname);
  });

  it("POST and PUT take the request's origin or PUBLIC_URL; other hosts' URLs stay external", async () => {
    const ref = await upload(published);
    const other = await upload(published, 110);
    const created = await call(
      published,
      owner,
      "POST",
      "/addprotfolio",
      projectBody({
        thumbnail: `${PUBLIC_URL}${ref}`,
        images: [`${published.url}${other}`, `https://elsewhere.example${ref}`],
      }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.json.insertedId;
    expect(storedProject(published, id)).toEqual({
      thumbnail: ref,
      images: [other, `https://elsewhere.example${ref}`],
    });
    // A PUT naming the image in another case of the host, or with a query, is handled like a URL:
    // the host is case-insensitive; a query makes it some other resource (kept as an external URL).
    const put = await call(published, owner, "PUT", `/addprotfolio/${id}`, {
      thumbnail: `HTTPS://FOLIO.EXAMPLE${ref}`,
      images: [`${PUBLIC_URL}${other}?w=1`],
    });
    expect(put.json.modifiedCount).toBe(1);
    expect(storedProject(published, id)).toEqual({
      thumbnail: ref,
      images: [`${PUBLIC_URL}${other}?w=1`],
    });
  });
});

describe("/images answers may be embedded by other origins", () => {
  it("carry Cross-Origin-Resource-Policy: cross-origin (the file and its variants)", async () => {
    const ref = await upload(server);
    for (const path of [ref, `${ref}/placeholder.webp`]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { Origin: "https://app.example", "Sec-Fetch-Site": "cross-site" },
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("cross-origin");
    }
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("cross-origin-resource-policy")).not.toBe("cross-origin");
  });
});
