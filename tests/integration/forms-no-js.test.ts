// The one form pipeline without JavaScript: a browser posts the form as a document request and
// the server answers the page itself. A refusal must show, in the HTML, what was typed in each
// field, each message beside its field (aria-invalid + aria-describedby pointing at it) and the
// dialog's title and text inline; passwords are never written back into the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "forms-test-password" };
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password },
  });
  cookie = await signInOverHttp(server, OWNER);
});
afterAll(async () => {
  await server?.stop();
});

/** Posts a form as a browser without JavaScript does (no `_data`: the answer is the page). */
async function postPage(path: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, type: res.headers.get("content-type"), html: await res.text() };
}

/** The opening tag of the form control named `name` (input, textarea or select). */
function controlTag(html: string, name: string): string {
  const tag = html.match(new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`));
  if (!tag) throw new Error(`no control named ${name} in the page`);
  return tag[0];
}

function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
}

/** The text of the element whose id is `id`. */
function textById(html: string, id: string): string | undefined {
  return html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];
}

/** Checks a field shows `message` beside it, announced: aria-invalid and aria-describedby. */
function expectFieldError(html: string, name: string, message: string) {
  const tag = controlTag(html, name);
  expect(attr(tag, "aria-invalid"), name).toBe("true");
  const describedBy = attr(tag, "aria-describedby");
  expect(describedBy, name).toBeTruthy();
  const texts = describedBy!.split(" ").map((id) => textById(html, id));
  expect(texts, name).toContain(message);
}

describe("forms without JavaScript", () => {
  it("Add Education refused: 400 page with the typed values, the message beside the blank field and 'Error!' inline", async () => {
    const typed = {
      degree: "   ",
      institution: "Typed University & Co",
      year: "2024",
      description: "A typed <description>\nover two lines",
    };
    const page = await postPage("/dashboard/admin/education/add", typed);
    expect(page.status).toBe(400);
    expect(page.type).toMatch(/^text\/html/);
    expectFieldError(page.html, "degree", "Degree is required");
    expect(attr(controlTag(page.html, "institution"), "value")).toBe("Typed University &amp; Co");
    expect(attr(controlTag(page.html, "institution"), "aria-invalid")).toBeUndefined();
    expect(attr(controlTag(page.html, "year"), "value")).toBe("2024");
    expect(page.html).toMatch(
      /<textarea[^>]*name="description"[^>]*>\s*A typed &lt;description&gt;\nover two lines<\/textarea>/,
    );
    // The dialog's title and text, inline above the form (no JS: no modal).
    expect(page.html).toMatch(
      /data-testid="form-result"[^>]*>.*Error!.*Failed to add Education\./s,
    );
  });

  it("Add Skill refused for length: the over-long value is kept and the message is beside it", async () => {
    const long = "x".repeat(61);
    const page = await postPage("/dashboard/admin/skills/add", { name: long });
    expect(page.status).toBe(400);
    expect(attr(controlTag(page.html, "name"), "value")).toBe(long);
    expectFieldError(page.html, "name", "Skill Name must be at most 60 characters");
  });

  it("Change password refused: the messages are beside the fields and no password is written back", async () => {
    const page = await postPage("/dashboard/admin/security", {
      intent: "change-password",
      currentPassword: "typed-current-secret",
      newPassword: "short",
      confirmPassword: "other-secret-value",
    });
    expect(page.status).toBe(400);
    expectFieldError(page.html, "newPassword", "Password must be at least 8 characters");
    expectFieldError(page.html, "confirmPassword", "Passwords do not match");
    for (const secret of ["typed-current-secret", "short", "other-secret-value"]) {
      expect(page.html).not.toContain(`value="${secret}"`);
    }
    expect(page.html).toContain("Failed to change the password.");
  });

  it("a forged Conform intent or state is ignored: still a 400 with the field message, never a 500", async () => {
    const forgeries: Array<Record<string, string>> = [
      { __intent__: "not json" },
      { __state__: "{" },
    ];
    for (const forged of forgeries) {
      const page = await postPage("/dashboard/admin/skills/add", { name: "", ...forged });
      expect(page.status).toBe(400);
      expectFieldError(page.html, "name", "Skill Name is required");
    }
  });
});
