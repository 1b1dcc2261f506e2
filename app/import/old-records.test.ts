import { describe, expect, it } from "vitest";
import { fromExtendedJson } from "./extended-json";
import { dateOf, mapOldList, snapshotOfOldLists } from "./old-records";

const where = "GET /addprotfolio";
const BASE = "http://old.example.com/api";

describe("fromExtendedJson", () => {
  it("unwraps $oid, $date (text, $numberLong, number) and the number wrappers", () => {
    expect(
      fromExtendedJson({
        _id: { $oid: "64a1f0c2e4b0a1b2c3d4e541" },
        a: { $date: "2023-05-14T00:00:00Z" },
        b: { $date: { $numberLong: "1684022400000" } },
        c: { $date: 1684022400000 },
        d: { $numberInt: "5" },
        e: { $numberLong: "1200" },
        f: { $numberDouble: "12.5" },
        g: { $numberDecimal: "1200.50" },
        h: [{ $numberInt: "1" }, null, "x"],
      }),
    ).toEqual({
      _id: "64a1f0c2e4b0a1b2c3d4e541",
      a: "2023-05-14T00:00:00Z",
      b: "2023-05-14T00:00:00.000Z",
      c: "2023-05-14T00:00:00.000Z",
      d: 5,
      e: 1200,
      f: 12.5,
      g: 1200.5,
      h: [1, null, "x"],
    });
  });

  it("keeps a long beyond 2^53 as its digits and leaves other $ types alone", () => {
    expect(fromExtendedJson({ $numberLong: "9007199254740993" })).toBe("9007199254740993");
    expect(fromExtendedJson({ $binary: { base64: "AA==", subType: "00" } })).toEqual({
      $binary: { base64: "AA==", subType: "00" },
    });
  });
});

describe("dateOf", () => {
  it("ISO dates and timestamps → YYYY-MM-DD as written; free text kept", () => {
    expect(dateOf("2023-05-14")).toBe("2023-05-14");
    expect(dateOf("2023-05-14T00:00:00.000Z")).toBe("2023-05-14");
    expect(dateOf("2023-05-14T23:30:00+06:00")).toBe("2023-05-14");
    expect(dateOf("Spring 2021")).toBe("Spring 2021");
    expect(dateOf("2023-13-45")).toBe("2023-13-45");
    expect(dateOf(2021)).toBe("2021");
    expect(dateOf(null)).toBeUndefined();
  });
});

describe("mapOldList", () => {
  it("maps a project's quirks: liveUrl, null gallery entries, budget text, $date, relative images", () => {
    const { records, problems } = mapOldList(
      "addprotfolio",
      [
        {
          _id: { $oid: "64a1f0c2e4b0a1b2c3d4e541" },
          title: "Corner Shop",
          date: { $date: "2023-05-14T00:00:00.000Z" },
          budget: "$1,200",
          liveUrl: "https://shop.example.com",
          liveView: "",
          thumbnail: "/uploads/thumb.jpg",
          images: ["https://i.ibb.co/a/1.jpg", null, "", "gallery/2.jpg"],
          skill: "Vue",
          level: "Intermediate",
          __v: 0,
          createdAt: { $date: "2023-05-15T10:00:00Z" },
        },
      ],
      { where, baseUrl: BASE },
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      {
        kind: "project",
        sourceId: "64a1f0c2e4b0a1b2c3d4e541",
        label: "Corner Shop",
        fields: {
          title: "Corner Shop",
          date: "2023-05-14",
          budget: "$1,200",
          liveView: "https://shop.example.com",
          thumbnail: "http://old.example.com/uploads/thumb.jpg",
          images: ["https://i.ibb.co/a/1.jpg", "http://old.example.com/api/gallery/2.jpg"],
          skill: "Vue",
          level: "Intermediate",
        },
      },
    ]);
  });

  it("keeps liveView when both are given, a number budget, free-text dates and number texts", () => {
    const [record] = mapOldList(
      "addprotfolio",
      [
        {
          _id: "p1",
          title: "Blog",
          liveView: "https://new.example.com",
          liveUrl: "https://old.example.com",
          budget: 800,
          date: "Spring 2021",
          clientName: 42,
          images: "https://i.ibb.co/x.jpg",
        },
      ],
      { where },
    ).records;
    expect(record.fields).toEqual({
      title: "Blog",
      liveView: "https://new.example.com",
      budget: 800,
      date: "Spring 2021",
      clientName: "42",
      images: ["https://i.ibb.co/x.jpg"],
    });
  });

  it("keeps the first four gallery images (Folio's maximum), reporting the others", () => {
    const urls = [1, 2, 3, 4, 5, 6].map((n) => `https://i.ibb.co/${n}.jpg`);
    const { records, problems } = mapOldList(
      "addprotfolio",
      [{ _id: "p1", title: "Big", images: [urls[0], null, ...urls.slice(1)] }],
      { where },
    );
    expect(records[0].fields.images).toEqual(urls.slice(0, 4));
    expect(problems).toEqual([
      {
        kind: "project",
        subject: "Big",
        message: "6 gallery images; Folio keeps 4, the first ones",
      },
    ]);
  });

  it("reports a relative image it cannot resolve (no backend address), leaving the field out", () => {
    const { records, problems } = mapOldList(
      "addprotfolio",
      [{ _id: "p1", title: "Blog", thumbnail: "/uploads/t.jpg", images: ["/uploads/1.jpg"] }],
      { where: "addprotfolio.json" },
    );
    expect(records[0].fields).toEqual({ title: "Blog" });
    expect(problems).toEqual([
      {
        kind: "project",
        subject: "Blog",
        message:
          "The thumbnail is a path (/uploads/t.jpg) with no old backend address to fetch it from; left out",
      },
      {
        kind: "project",
        subject: "Blog",
        message:
          "Gallery image 1 is a path (/uploads/1.jpg) with no old backend address to fetch it from; left out",
      },
    ]);
  });

  it("takes the id from _id, id or $oid; items without an id or not objects are problems", () => {
    const { records, problems } = mapOldList(
      "addfeather",
      [
        { id: "f1", title: "Web", subtitle: "Sites" },
        { _id: { $oid: "f2" }, title: "Design", icon: "design" },
        { _id: 7, title: "Seven", icon: "" },
        { _id: 8, title: "Eight", icon: "fa-solid fa-code" },
        { title: "No id" },
        "a string",
        null,
        { _id: "f1", title: "Again" },
      ],
      { where: "GET /addfeather" },
    );
    expect(records.map((r) => [r.sourceId, r.kind, r.fields])).toEqual([
      ["f1", "service", { title: "Web", subtitle: "Sites" }],
      ["f2", "service", { title: "Design", icon: "design" }],
      ["7", "service", { title: "Seven" }],
      ["8", "service", { title: "Eight" }],
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'The icon "fa-solid fa-code" is not one of Folio\'s icons (code, design, mobile, server, database, cloud, search, chart, shield, support); the default icon is used',
      "Item 5 of GET /addfeather has no _id or id; left out",
      "Item 6 of GET /addfeather is not an object; left out",
      "Item 7 of GET /addfeather is not an object; left out",
      "Item 8 of GET /addfeather repeats the id f1; the first one is kept",
    ]);
    expect(problems[1].subject).toBe("No id");
  });

  it("the profile is the first /adduser document; the others are reported", () => {
    const { records, problems } = mapOldList(
      "adduser",
      [
        { _id: "u1", name: "Rahim", email: "r@example.com", image: "/images/me.png", role: "x" },
        { _id: "u2", name: "Test" },
      ],
      { where: "GET /adduser", baseUrl: "http://127.0.0.1:4000" },
    );
    expect(records).toEqual([
      {
        kind: "profile",
        sourceId: "u1",
        label: "Rahim",
        fields: {
          name: "Rahim",
          email: "r@example.com",
          image: "http://127.0.0.1:4000/images/me.png",
        },
      },
    ]);
    expect(problems).toEqual([
      {
        kind: "profile",
        subject: "Test",
        message: "Item 2 of GET /adduser is another profile; Folio keeps one, the first (Rahim)",
      },
    ]);
  });

  it("a list that is not an array is one problem, never a throw", () => {
    expect(mapOldList("addskill", { error: "nope" }, { where: "GET /addskill" })).toEqual({
      records: [],
      problems: [
        {
          kind: "skill",
          message: "GET /addskill is not a list (a JSON array); skills not imported",
        },
      ],
    });
  });

  it("labels fall back to the id; education and experience keep their four fields", () => {
    const { records } = mapOldList(
      "addeducation",
      [{ _id: "e1", degree: "", institution: "DU", year: 2019, description: null }],
      { where },
    );
    expect(records[0]).toEqual({
      kind: "education",
      sourceId: "e1",
      label: "e1",
      fields: { degree: "", institution: "DU", year: "2019" },
    });
  });
});

describe("snapshotOfOldLists", () => {
  it("records in the applier's order, with a problem for each missing list", () => {
    const snapshot = snapshotOfOldLists("the export", {
      adduser: { missing: "adduser.json is not in the export" },
      addskill: { value: [{ _id: "s1", name: "React" }], where: "addskill.json" },
      addcategory: { value: [{ _id: "c1", name: "React" }], where: "addcategory.json" },
      addfeather: { value: [], where: "addfeather.json" },
      addprotfolio: { value: [], where: "addprotfolio.json" },
      addeducation: { value: [], where: "addeducation.json" },
      addexperience: { value: [{ _id: "x1", title: "Dev" }], where: "addexperience.json" },
    });
    expect(snapshot.source).toBe("the export");
    expect(snapshot.records.map((r) => `${r.kind}:${r.sourceId}`)).toEqual([
      "skill:s1",
      "category:c1",
      "experience:x1",
    ]);
    expect(snapshot.problems).toEqual([
      {
        kind: "profile",
        message: "adduser.json is not in the export; profile not imported",
      },
    ]);
  });
});
