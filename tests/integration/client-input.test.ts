// No 5xx for anything a client can send (issue #13): bodies that are not forms, broken
// multipart, text that is not well-formed Unicode and odd redirect targets, over HTTP to the
// production build. Each answers 4xx with a message saying what was wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { API_TOKEN, OWNER_EMAIL, OWNER_PASSWORD, snapshot } from "./api-client";

const FORM = "application/x-www-form-urlencoded";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { OWNER_EMAIL, OWNER_PASSWORD, API_TOKEN, RATE_LIMIT_DISABLED: "1" },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: string, type?: string, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, ...(type ? { "Content-Type": type } : {}), ...headers },
    body,
  });
}

const NOT_FORMS: Array<[label: string, type: string, body: string, status: number]> = [
  ["text/plain", "text/plain", "email=a@b.c", 415],
  ["JSON", "application/json", '{"theme":"dark"}', 415],
  // No part at all reads as an empty form: each route then says which field is missing (400).
  ["broken multipart", "multipart/form-data; boundary=xyz", "no boundary here", 400],
  ["multipart without a boundary", "multipart/form-data", "--xyz\r\n\r\n", 400],
  [
    "a multipart boundary that never ends",
    "multipart/form-data; boundary=xyz",
    '--xyz\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark',
    400,
  ],
];

describe("bodies that are not forms", () => {
  for (const path of ["/login", "/theme", "/contact"]) {
    for (const [label, type, body, status] of NOT_FORMS) {
      it(`${path}: ${label} → ${status} with a reason`, async () => {
        const res = await post(path, body, type);
        expect(res.status).toBe(status);
        const text = await res.text();
        if (label !== "broken multipart") {
          expect(text).toMatch(/Send the form as|could not be read|has no boundary/);
        }
      });
    }
  }
});

describe("text that is not well-formed Unicode", () => {
  const LONE = '"\\ud800 hello there, a long enough message"';
  it("POST /sendmail names the field (400) and stores nothing", async () => {
    const before = snapshot(server);
    const res = await post(
      "/sendmail",
      `{"name":"Ann","email":"ann@example.com","subject":"Hi","message":${LONE}}`,
      "application/json",
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      'The field "message" is not well-formed Unicode text (it holds a lone surrogate).',
    );
    expect(snapshot(server)).toEqual(before);
  });

  for (const path of ["/addskill", "/addcategory", "/addfeather", "/addeducation"]) {
    it(`POST ${path} (owner token) names the field (400)`, async () => {
      const res = await post(path, `{"name":${LONE},"title":${LONE}}`, "application/json", {
        Authorization: `Bearer ${API_TOKEN}`,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^The field "(name|title)" is not well-formed/);
    });
  }
});

describe("odd redirect targets", () => {
  // Control characters fall back to the dashboard; a non-ASCII path stays on the site, encoded.
  const TARGETS: Array<[target: string, location: string]> = [
    ["/%0a/x", "/dashboard"],
    ["/\n/x", "/dashboard"],
    ["/\t/x", "/dashboard"],
    ["/€", "/%E2%82%AC"],
    ["/a\u0000b", "/dashboard"],
  ];
  for (const [target, location] of TARGETS) {
    it(`sign-in with redirectTo ${JSON.stringify(target)} redirects to ${location}`, async () => {
      const body = new URLSearchParams({
        intent: "login",
        email: OWNER_EMAIL,
        password: OWNER_PASSWORD,
        redirectTo: decodeURIComponent(target),
      });
      const res = await post("/login", body.toString(), "application/x-www-form-urlencoded");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(location);
    });
  }

  it("/theme with a newline in redirectTo goes home", async () => {
    const res = await post("/theme", "theme=dark&redirectTo=%2F%0a%2Fx", FORM);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});
