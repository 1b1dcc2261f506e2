import { describe, expect, it } from "vitest";
import { JsonResumeError, periodOf, readJsonResume, readJsonResumeText } from "./json-resume";
import { ImportSourceError } from "./source-error";
import type { SourceRecord } from "./types";

const byKind = (records: SourceRecord[], kind: SourceRecord["kind"]) =>
  records.filter((r) => r.kind === kind);

/** A resume as jsonresume.org documents it (v1), with keys Folio does not use. */
const standard = {
  $schema: "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
  basics: {
    name: "Richard Hendriks",
    label: "Programmer",
    image: "https://images.example.org/richard.jpg",
    email: "richard.hendriks@mail.com",
    phone: "(912) 555-4321",
    url: "http://richardhendricks.example.com",
    summary: "Richard hails from Tulsa.",
    location: {
      address: "2712 Broadway St",
      postalCode: "CA 94115",
      city: "San Francisco",
      countryCode: "US",
      region: "California",
    },
    profiles: [
      { network: "Twitter", username: "neutralthoughts", url: "" },
      { network: "GITHUB", username: "richard", url: "" },
      { network: "LinkedIn", username: "rh", url: "https://www.linkedin.com/in/rh-pp" },
    ],
  },
  work: [
    {
      name: "Pied Piper",
      location: "Palo Alto, CA",
      position: "CEO/President",
      url: "http://piedpiper.example.com",
      startDate: "2013-12-01",
      endDate: "2014-12-01",
      summary: "Pied Piper is a multi-platform technology.",
      highlights: ["Build an algorithm", "Successfully won Techcrunch Disrupt"],
    },
    { name: "Hooli", position: "Engineer", startDate: "2021-03" },
  ],
  volunteer: [{ organization: "CoderDojo" }],
  education: [
    {
      institution: "University of Oklahoma",
      url: "https://www.ou.edu/",
      area: "Information Technology",
      studyType: "Bachelor",
      startDate: "2011-06-01",
      endDate: "2014-01-01",
      score: "4.0",
      courses: ["DB1101 - Basic SQL"],
    },
  ],
  skills: [
    { name: "Web Development", level: "Master", keywords: ["HTML", "CSS", "JavaScript"] },
    { name: "Compression", level: "Master", keywords: ["Mpeg", "MP4", "GIF"] },
    { name: "roles", keywords: ["Founder", "Engineer"] },
  ],
  languages: [{ language: "English", fluency: "Native speaker" }],
};

describe("readJsonResume", () => {
  it("maps basics to the profile: location joined, networks by name whatever their case", () => {
    const snapshot = readJsonResume(standard, "resume.json");
    expect(snapshot.source).toBe("resume.json");
    expect(byKind(snapshot.records, "profile")).toEqual([
      {
        kind: "profile",
        sourceId: "basics",
        label: "Richard Hendriks",
        fields: {
          name: "Richard Hendriks",
          description: "Richard hails from Tulsa.",
          email: "richard.hendriks@mail.com",
          number: "(912) 555-4321",
          address: "2712 Broadway St, San Francisco, California, US",
          image: "https://images.example.org/richard.jpg",
          github: "https://github.com/richard",
          linkedin: "https://www.linkedin.com/in/rh-pp",
        },
      },
    ]);
  });

  it("maps work to experience with a period and the highlights in the description", () => {
    const experience = byKind(readJsonResume(standard, "r.json").records, "experience");
    expect(experience).toEqual([
      {
        kind: "experience",
        sourceId: "work:pied piper|ceo/president|2013-12-01",
        label: "CEO/President, Pied Piper",
        fields: {
          title: "CEO/President",
          institution: "Pied Piper",
          year: "2013 – 2014",
          description:
            "Pied Piper is a multi-platform technology.\n• Build an algorithm\n• Successfully won Techcrunch Disrupt",
        },
      },
      {
        kind: "experience",
        sourceId: "work:hooli|engineer|2021-03",
        label: "Engineer, Hooli",
        fields: {
          title: "Engineer",
          institution: "Hooli",
          year: "2021 – Present",
          description: "",
        },
      },
    ]);
  });

  it("maps education: study type to degree, area to description", () => {
    expect(byKind(readJsonResume(standard, "r.json").records, "education")).toEqual([
      {
        kind: "education",
        sourceId: "education:university of oklahoma|bachelor|2011-06-01",
        label: "Bachelor, University of Oklahoma",
        fields: {
          degree: "Bachelor",
          institution: "University of Oklahoma",
          year: "2011 – 2014",
          description: "Information Technology",
        },
      },
    ]);
  });

  it("turns the Roles group into skills and every other group's keywords into categories", () => {
    const { records } = readJsonResume(standard, "r.json");
    expect(byKind(records, "skill").map((r) => r.fields.name)).toEqual(["Founder", "Engineer"]);
    expect(byKind(records, "category").map((r) => [r.sourceId, r.fields.name])).toEqual([
      ["category:html", "HTML"],
      ["category:css", "CSS"],
      ["category:javascript", "JavaScript"],
      ["category:mpeg", "Mpeg"],
      ["category:mp4", "MP4"],
      ["category:gif", "GIF"],
    ]);
  });

  it("reads Folio's own export back (Duration highlights, Professional Skills, Roles)", () => {
    const exported = {
      basics: {
        name: "Alex Morgan",
        label: "React Developer",
        image: "https://folio.example/images/abc-600x750",
        email: "hello@alexmorgan.dev",
        phone: "+880 1712 345678",
        url: "https://folio.example",
        summary: "Full-stack developer.",
        location: { address: "Dhaka, Bangladesh" },
        profiles: [
          { network: "Facebook", username: "alex", url: "https://facebook.com/alex" },
          { network: "GitHub", username: "alex-dev", url: "https://github.com/alex-dev" },
        ],
      },
      work: [
        {
          name: "Brightlane Studio",
          position: "Senior Developer",
          summary: "Lead developer.",
          highlights: ["Duration: 3 years+"],
        },
        { name: "Acme", position: "Intern", summary: "", highlights: [] },
      ],
      education: [
        { institution: "University of Dhaka", studyType: "BSc", area: "Focused.", endDate: "2019" },
      ],
      skills: [
        { name: "Professional Skills", keywords: ["React", "Laravel"] },
        { name: "Roles", keywords: ["React Developer"] },
      ],
      meta: { version: "v1.0.0" },
    };
    const { records, problems } = readJsonResume(exported, "resume.json");
    expect(problems).toEqual([]);
    const fields = (kind: SourceRecord["kind"]) => byKind(records, kind).map((r) => r.fields);
    expect(fields("profile")).toEqual([
      {
        name: "Alex Morgan",
        description: "Full-stack developer.",
        email: "hello@alexmorgan.dev",
        number: "+880 1712 345678",
        address: "Dhaka, Bangladesh",
        image: "https://folio.example/images/abc-600x750",
        facebook: "https://facebook.com/alex",
        github: "https://github.com/alex-dev",
      },
    ]);
    expect(fields("experience")).toEqual([
      {
        title: "Senior Developer",
        institution: "Brightlane Studio",
        year: "3 years+",
        description: "Lead developer.",
      },
      { title: "Intern", institution: "Acme", year: "", description: "" },
    ]);
    expect(fields("education")).toEqual([
      { degree: "BSc", institution: "University of Dhaka", year: "2019", description: "Focused." },
    ]);
    expect(fields("category")).toEqual([{ name: "React" }, { name: "Laravel" }]);
    expect(fields("skill")).toEqual([{ name: "React Developer" }]);
  });

  it("derives the same source ids every time, and tells repeated entries apart", () => {
    const twice = {
      work: [
        { name: "Acme", position: "Dev" },
        { name: "ACME ", position: "dev" },
      ],
      skills: [
        { name: "Tools", keywords: ["Git", "git"] },
        { name: "Docker", level: "Expert" },
      ],
    };
    const first = readJsonResume(twice, "a.json");
    const second = readJsonResume(structuredClone(twice), "b.json");
    expect(first.records.map((r) => r.sourceId)).toEqual([
      "category:git",
      "category:docker",
      "work:acme|dev|",
      "work:acme|dev|#2",
    ]);
    expect(second.records.map((r) => r.sourceId)).toEqual(first.records.map((r) => r.sourceId));
    expect(first.problems).toEqual([
      { kind: "category", subject: "git", message: "Listed more than once: imported once." },
    ]);
  });

  it("ignores values of the wrong type instead of failing", () => {
    const { records } = readJsonResume(
      {
        basics: { name: 42, email: null, profiles: "none", location: "Berlin" },
        work: [null, "x", { name: "Acme", position: "Dev", highlights: [1, "Shipped"] }],
        skills: { name: "not a list" },
      },
      "odd.json",
    );
    expect(records.map((r) => [r.kind, r.fields])).toEqual([
      ["profile", { name: "42" }],
      ["experience", { title: "Dev", institution: "Acme", year: "", description: "• Shipped" }],
    ]);
  });

  it("refuses what is not a JSON Resume with a message naming the file", () => {
    expect(() => readJsonResume([1, 2], "list.json")).toThrow(JsonResumeError);
    expect(() => readJsonResume([1, 2], "list.json")).toThrow(ImportSourceError);
    expect(() => readJsonResume({ name: "x", items: [] }, "other.json")).toThrow(
      'Cannot read other.json: it is not a JSON Resume (it has none of "basics", "work", "education" or "skills")',
    );
    expect(() => readJsonResumeText("{not json", "broken.json")).toThrow(
      "Cannot read broken.json: it is not JSON",
    );
    expect(readJsonResumeText('\uFEFF{"basics":{"name":"A"}}', "bom.json").records).toHaveLength(1);
  });
});

describe("periodOf", () => {
  it("shows years as Folio does", () => {
    expect(periodOf("2019-01-01", "2022-06")).toBe("2019 – 2022");
    expect(periodOf("2021-04")).toBe("2021 – Present");
    expect(periodOf(undefined, "2019")).toBe("2019");
    expect(periodOf("2020-01", "2020-09")).toBe("2020");
    expect(periodOf()).toBe("");
  });
});
