import { describe, expect, it } from "vitest";
import { countLinks, judgeContactForm, type SpamInput } from "./spam-rules";

const NOW = 1_800_000_000_000;
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A person's submission, `ageMs` after the form was served, with `changes`. */
const person = (ageMs: number, changes: Partial<SpamInput> = {}): SpamInput => ({
  honeypot: "",
  stamp: { servedAt: NOW - ageMs },
  now: NOW,
  minFillMs: 2000,
  subject: "Hi",
  message: "Are you free?",
  userAgent: CHROME,
  acceptLanguage: "en-GB,en;q=0.9",
  ...changes,
});

describe("the contact form's spam rule", () => {
  const table: Array<[string, SpamInput, string | null]> = [
    ["a person who took their time", person(45_000), null],
    ["a person whose browser autofilled the form, fast and short", person(900), null],
    [
      "a person sending at once with a pasted but short note",
      person(1500, { subject: "Hi", message: "Call me back" }),
      null,
    ],
    [
      "a slow message with a link (links alone are fine)",
      person(30_000, { message: "See https://x.example" }),
      null,
    ],
    [
      "fast and from curl, with the timer off (0)",
      person(10, { minFillMs: 0, userAgent: "curl/8.5" }),
      null,
    ],
    [
      "the honeypot filled",
      person(60_000, { honeypot: "http://spam.example" }),
      "The hidden field that people never see (and bots fill in) was filled in.",
    ],
    [
      "no stamp",
      person(60_000, { stamp: { problem: "missing" } }),
      "The form's time stamp is missing: it was not sent from this site's contact page.",
    ],
    [
      "a forged stamp",
      person(60_000, { stamp: { problem: "forged" } }),
      "The form's time stamp is forged: it was not sent from this site's contact page.",
    ],
    [
      "a stamp a minute in the future",
      person(-60_000),
      "The form's time stamp lies in the future: it was forged.",
    ],
    [
      "fast with 3 links",
      person(1200, {
        subject: "Hi",
        message: "http://a.example https://b.example www.c.example",
      }),
      "Sent 1.2 s after the form was opened, and the message contains 3 links and its subject and message hold 50 characters (more than a person types in that time).",
    ],
    [
      "fast with more text than anyone types in that time",
      person(800, { message: "x".repeat(200) }),
      "Sent 0.8 s after the form was opened, and its subject and message hold 202 characters (more than a person types in that time).",
    ],
    [
      "fast from a script",
      person(300, { userAgent: "python-requests/2.31" }),
      "Sent 0.3 s after the form was opened, and it came from “python-requests/2.31”, not a browser.",
    ],
    [
      "fast without a User-Agent",
      person(300, { userAgent: null }),
      "Sent 0.3 s after the form was opened, and it came without a User-Agent (not a browser).",
    ],
    [
      "fast without Accept-Language",
      person(300, { acceptLanguage: null }),
      "Sent 0.3 s after the form was opened, and it came without the language header every browser sends.",
    ],
  ];
  it.each(table)("%s", (_, input, reason) => {
    expect(judgeContactForm(input)).toEqual(
      reason === null ? { spam: false } : { spam: true, reason },
    );
  });

  it("counts URLs, www. addresses, HTML and BBCode links", () => {
    expect(countLinks("no links here, just a.b and e@mail.example")).toBe(0);
    expect(
      countLinks('https://a.example http://b.example www.c.example <a href="x"> [url=y]'),
    ).toBe(5);
  });
});
