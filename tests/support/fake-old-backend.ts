// A stand-in for the old Express + MongoDB backend (spec section 7) on loopback: its seven lists
// with the quirks real data has, images on its own host (real bytes), one image address that
// answers 404 and one on a dead host. It records every request so a test can assert the importer
// only ever read from it. Used by the importer's integration tests and the Import page's e2e tests.
import http from "node:http";
import net from "node:net";
import { OLD_LISTS, type OldList } from "~/import/old-records";
import { photo } from "../fixtures/images";

export { OLD_LISTS, type OldList };

export type OldLists = Record<OldList, unknown>;

/** The documents' ids (24-hex, as MongoDB makes them), shared with tests/fixtures/mongoexport. */
export const OLD_IDS = {
  user: "64a1f0c2e4b0a1b2c3d4e501",
  secondUser: "64a1f0c2e4b0a1b2c3d4e502",
  skills: ["64a1f0c2e4b0a1b2c3d4e511", "64a1f0c2e4b0a1b2c3d4e512", "64a1f0c2e4b0a1b2c3d4e513"],
  categories: ["64a1f0c2e4b0a1b2c3d4e521", "64a1f0c2e4b0a1b2c3d4e522"],
  services: ["64a1f0c2e4b0a1b2c3d4e531", "64a1f0c2e4b0a1b2c3d4e532"],
  projects: ["64a1f0c2e4b0a1b2c3d4e541", "64a1f0c2e4b0a1b2c3d4e542", "64a1f0c2e4b0a1b2c3d4e543"],
  education: ["64a1f0c2e4b0a1b2c3d4e551", "64a1f0c2e4b0a1b2c3d4e552"],
  experience: ["64a1f0c2e4b0a1b2c3d4e561", "64a1f0c2e4b0a1b2c3d4e562"],
} as const;

/** The image files the fake backend serves under /images/ (the 404 one is not among them). */
export const OLD_IMAGES = {
  profile: "me.png",
  shopThumb: "shop-thumb.jpg",
  shopGallery1: "shop-1.jpg",
  shopGallery2: "shop-2.webp",
  blogThumb: "blog-thumb.jpg",
  missing: "missing.jpg",
} as const;

/**
 * The seven lists as the old backend answers them. `base` is where its images live (its own
 * address); `deadHost` is an address nothing listens on. Quirks, on purpose:
 * - two /adduser documents (Folio takes the first), the profile image a path on the backend's host;
 * - a feather with `id` instead of `_id`, another with an icon;
 * - the shop project: budget "$1,200", `liveUrl` only, a null gallery entry, a 404 gallery image,
 *   an ISO timestamp as date, skill "Vue" (not a category);
 * - the blog project: budget a number, a free-text date, a thumbnail on a dead host;
 * - the tool project: no images at all, `liveView` and `liveUrl` both set (liveView wins).
 */
export function oldBackendLists(base: string, deadHost: string): OldLists {
  const img = (name: string) => `${base}/images/${name}`;
  return {
    adduser: [
      {
        _id: OLD_IDS.user,
        name: "Rahim Uddin",
        description: "Full-stack developer who builds shops and dashboards.",
        email: "rahim@example.com",
        number: "+880 1711 000000",
        address: "Dhaka, Bangladesh",
        image: `/images/${OLD_IMAGES.profile}`,
        cv: "https://drive.example.com/rahim-cv.pdf",
        facebook: "https://facebook.com/rahim.dev",
        github: "https://github.com/rahim-dev",
        linkedin: "",
      },
      {
        _id: OLD_IDS.secondUser,
        name: "Old test user",
        email: "test@example.com",
      },
    ],
    addskill: [
      { _id: OLD_IDS.skills[0], name: "React" },
      { _id: OLD_IDS.skills[1], name: "Laravel" },
      { _id: OLD_IDS.skills[2], name: "Vue" },
    ],
    addcategory: [
      { _id: OLD_IDS.categories[0], name: "React" },
      { _id: OLD_IDS.categories[1], name: "Laravel" },
    ],
    addfeather: [
      { id: OLD_IDS.services[0], title: "Web Development", subtitle: "Shops, dashboards, APIs." },
      {
        _id: OLD_IDS.services[1],
        title: "UI Design",
        subtitle: "Screens people enjoy using.",
        icon: "design",
      },
    ],
    addprotfolio: [
      {
        _id: OLD_IDS.projects[0],
        title: "Corner Shop",
        subtitle: "An online shop for a neighbourhood store",
        clientName: "Corner Shop Ltd",
        date: "2023-05-14T00:00:00.000Z",
        service: "Web Development",
        budget: "$1,200",
        strategy: "Start with the catalogue.",
        design: "Bright and simple.",
        userExperience: "Three taps to check out.",
        shortDescription: "A shop with a cart and bKash payments.",
        longDescription: "The store sells groceries online since 2023.",
        liveUrl: "https://corner-shop.example.com",
        sourceCode: "https://github.com/rahim-dev/corner-shop",
        thumbnail: img(OLD_IMAGES.shopThumb),
        images: [
          img(OLD_IMAGES.shopGallery1),
          null,
          img(OLD_IMAGES.shopGallery2),
          img(OLD_IMAGES.missing),
        ],
        skill: "Vue",
        level: "Intermediate",
      },
      {
        _id: OLD_IDS.projects[1],
        title: "Travel Blog",
        subtitle: "A blog with maps",
        clientName: "Nadia",
        date: "Spring 2021",
        service: "Web Development",
        budget: 800,
        shortDescription: "Stories and maps from trips.",
        liveView: "https://travel-blog.example.com",
        sourceCode: "",
        thumbnail: `${deadHost}/blog-thumb.jpg`,
        images: [img(OLD_IMAGES.blogThumb)],
        skill: "Laravel",
        level: "Beginner",
      },
      {
        _id: OLD_IDS.projects[2],
        title: "Invoice Tool",
        subtitle: "Invoices in two clicks",
        clientName: "Acme",
        date: "2022-11-02",
        service: "Web Development",
        budget: "2500",
        shortDescription: "Makes and sends invoices.",
        liveView: "https://invoices.example.com",
        liveUrl: "https://old-invoices.example.com",
        sourceCode: "https://github.com/rahim-dev/invoices",
        thumbnail: "",
        images: [],
        skill: "React",
        level: "Advanced",
      },
    ],
    addeducation: [
      {
        _id: OLD_IDS.education[0],
        degree: "BSc in Computer Science",
        institution: "University of Dhaka",
        year: "2019",
        description: "Graduated with honours.",
      },
      {
        _id: OLD_IDS.education[1],
        degree: "HSC",
        institution: "Notre Dame College",
        year: "2014",
        description: "",
      },
    ],
    addexperience: [
      {
        _id: OLD_IDS.experience[0],
        title: "Frontend Developer",
        institution: "Pixel Works",
        year: "2020 - 2022",
        description: "Built React dashboards.",
      },
      {
        _id: OLD_IDS.experience[1],
        title: "Freelancer",
        institution: "Self-employed",
        year: "2022 - present",
      },
    ],
  };
}

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type FakeOldBackend = {
  /** The base address, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  /** An address on a port that was opened and closed again: connection refused. */
  deadHost: string;
  /** The lists it serves; a test may replace one (any JSON, or `undefined` for a 404). */
  lists: Partial<OldLists>;
  /** List paths (e.g. "addskill") that never answer, for timeout tests. */
  hang: Set<string>;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** The bytes served for each image file name. */
  images: Record<string, Buffer>;
  close: () => Promise<void>;
};

/** An address nobody listens on: a loopback port that was opened, then closed. */
export async function deadAddress(): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
  return `http://127.0.0.1:${port}`;
}

export async function startFakeOldBackend(): Promise<FakeOldBackend> {
  const images: Record<string, Buffer> = {
    [OLD_IMAGES.profile]: await photo({ width: 400, height: 400 }, "png"),
    [OLD_IMAGES.shopThumb]: await photo({ width: 1200, height: 800 }, "jpeg"),
    [OLD_IMAGES.shopGallery1]: await photo({ width: 1600, height: 900 }, "jpeg"),
    [OLD_IMAGES.shopGallery2]: await photo({ width: 900, height: 900 }, "webp"),
    [OLD_IMAGES.blogThumb]: await photo({ width: 1000, height: 700 }, "jpeg"),
  };
  const TYPES: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    webp: "image/webp",
  };
  const requests: RecordedRequest[] = [];
  const hang = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  let lists: Partial<OldLists> = {};

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    requests.push({ method: req.method ?? "", path, headers: req.headers });
    req.resume();
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    };
    const json = (status: number, value: unknown) =>
      send(status, "application/json; charset=utf-8", JSON.stringify(value));

    const list = path.replace(/^\/+|\/+$/g, "");
    if ((OLD_LISTS as readonly string[]).includes(list)) {
      if (req.method !== "GET") return json(405, { error: "the fake old backend is read-only" });
      if (hang.has(list)) return void hanging.add(res);
      const value = lists[list as OldList];
      return value === undefined ? json(404, { error: "Not found" }) : json(200, value);
    }
    const image = /^\/images\/([\w.-]+)$/.exec(path);
    if (image && req.method === "GET" && images[image[1]]) {
      const ext = image[1].split(".").pop() ?? "";
      return send(200, TYPES[ext] ?? "application/octet-stream", images[image[1]]);
    }
    json(404, { error: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const deadHost = await deadAddress();
  lists = oldBackendLists(url, deadHost);

  return {
    url,
    deadHost,
    get lists() {
      return lists;
    },
    set lists(value) {
      lists = value;
    },
    hang,
    requests,
    images,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
