// The contact page and the inbox through the real production server (no JavaScript involved):
// the plain form POST, fields kept on refusal, and a message's HTML shown as inert text.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const OWNER = { email: "owner@example.com", password: "contact-http-password" };

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      ...OWNER,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      CONTACT_MIN_FILL_MS: "0",
      RESEND_API_KEY: undefined,
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const decode = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

async function contactPage() {
  const res = await fetch(`${server.url}/contact`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const stamp = /name="formStartedAt" value="([^"]+)"/.exec(html)?.[1];
  expect(stamp).toBeTruthy();
  return { html, stamp: decode(stamp!) };
}

/** POSTs the form as a browser would (a redirect is not followed: see `location`). */
async function post(fields: Record<string, string>, stamp?: string) {
  const body = new URLSearchParams({
    formStartedAt: stamp ?? (await contactPage()).stamp,
    website: "",
    ...fields,
  });
  const res = await fetch(`${server.url}/contact`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("Location"),
    cookies: res.headers.getSetCookie(),
    html: await res.text(),
  };
}

const messageCount = () => {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM Message").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const signIn = () => signInOverHttp(server, OWNER);

const VALID = {
  name: "Grace Hopper",
  email: "grace@example.com",
  subject: "Compilers",
  message: "Let us talk.",
};

describe("/contact without JavaScript", () => {
  it("shows the profile's email, number and address and the form (email type, 5-row message, all required)", async () => {
    const { html } = await contactPage();
    expect(html).toContain("hello@alexmorgan.dev");
    expect(html).toContain("+880 1712 345678");
    expect(html).toContain("Dhaka, Bangladesh");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"|type="email"[^>]*name="email"/);
    expect(html).toMatch(/<textarea[^>]*rows="5"/);
    for (const name of ["name", "email", "subject", "message"]) {
      expect(html).toMatch(new RegExp(`name="${name}"[^>]*required|required[^>]*name="${name}"`));
    }
  });

  it("a refused POST answers 400 with the error beside the field and every typed value kept", async () => {
    const typed = { ...VALID, email: "grace-at-example", subject: "Keep <me> & this" };
    const { status, html } = await post(typed);
    expect(status).toBe(400);
    expect(html).toContain("Your message was not sent.");
    // The error summary, focused on load, links the field's message to the field.
    expect(html).toMatch(
      /role="alert" tabindex="-1" autofocus="" data-testid="error-summary"[\s\S]*?<a href="#contact-email"[^>]*>Enter a valid email address<\/a>/,
    );
    expect(html).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="contact-email-error"|aria-describedby="contact-email-error"[^>]*aria-invalid/,
    );
    expect(html).toMatch(
      /id="contact-email-error"[^>]*role="alert"[^>]*>Enter a valid email address</,
    );
    expect(html).toContain('value="Grace Hopper"');
    expect(html).toContain('value="grace-at-example"');
    expect(html).toContain('value="Keep &lt;me&gt; &amp; this"');
    expect(html).toMatch(/<textarea[^>]*>Let us talk\.<\/textarea>/);
  });

  it("a good POST redirects (303) to /contact, which thanks once; reloading or replaying sends nothing again", async () => {
    const before = messageCount();
    const { stamp } = await contactPage();
    const sent = await post(VALID, stamp);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/contact");
    expect(messageCount()).toBe(before + 1);
    const flash = sent.cookies.find((c) => c.startsWith("folio_toast="))!;
    expect(flash).toBeTruthy();

    // The browser follows the redirect with the flash: the spec's text, focused, above an
    // empty form; the flash is cleared, and the page is never stored (no-store, not cached).
    const shown = await fetch(`${server.url}/contact`, {
      headers: { Cookie: flash.split(";")[0] },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    expect(
      shown.headers.getSetCookie().some((c) => /^folio_toast=;.*Expires=Thu, 01 Jan 1970/i.test(c)),
    ).toBe(true);
    const html = await shown.text();
    expect(html).toMatch(
      /<div tabindex="-1" autofocus=""[^>]*role="status"[^>]*data-testid="contact-result"[^>]*><p[^>]*>Thank you! Your message has been sent\.<\/p>/,
    );
    expect(html).not.toContain('value="Grace Hopper"');
    // Only once: the layout's toast does not repeat it.
    expect(html.split("Thank you! Your message has been sent.").length - 1).toBe(1);

    // Reload (the flash is gone): the plain page, nothing stored or said again.
    const reloaded = await contactPage();
    expect(reloaded.html).not.toContain("Thank you!");
    expect(messageCount()).toBe(before + 1);

    // Replaying the POST (Back and resend, a second click): refused, what was typed kept.
    const replay = await post(VALID, stamp);
    expect(replay.status).toBe(409);
    expect(replay.html).toContain("This message was already sent.");
    expect(replay.html).toContain(
      "You already sent this message a few minutes ago: it arrived, no need to send it again.",
    );
    expect(replay.html).toContain('value="Grace Hopper"');
    expect(replay.html).toMatch(/<textarea[^>]*>Let us talk\.<\/textarea>/);
    expect(messageCount()).toBe(before + 1);
  });

  it("POST /sendmail answers the same message again with a JSON 409", async () => {
    const send = () =>
      fetch(`${server.url}/sendmail`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...VALID, subject: "Sent by the API" }),
      });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error:
        "You already sent this message a few minutes ago: it arrived, no need to send it again.",
    });
  });

  it("logs once at start that email notification is off", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((l) => /Email notification is off/.test(l));
    expect(lines).toHaveLength(1);
  });
});

describe("the inbox shows messages as text", () => {
  it("HTML and javascript: links in a message are inert in the list and on the message page", async () => {
    const evil = {
      name: `<img src=x onerror=alert(1)>Mallory`,
      email: "mallory@example.com",
      subject: `<script>alert("subject")</script>`,
      message: `<script>alert("body")</script> <a href="javascript:alert(2)">click me</a>`,
    };
    expect((await post(evil)).status).toBe(303);
    const cookie = await signIn();
    const list = await fetch(`${server.url}/dashboard/admin/messages`, {
      headers: { Cookie: cookie },
    });
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    const id = /href="\/dashboard\/admin\/messages\/(\d+)"[^>]*>(?:(?!<\/a>).)*Mallory/s.exec(
      listHtml,
    )?.[1];
    expect(id).toBeTruthy();
    const page = await fetch(`${server.url}/dashboard/admin/messages/${id}`, {
      headers: { Cookie: cookie },
    });
    const pageHtml = await page.text();
    for (const html of [listHtml, pageHtml]) {
      expect(html).toContain("&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;");
      expect(html).not.toContain('<script>alert("');
      expect(html).not.toContain("<img src=x");
      expect(html).not.toMatch(/href="javascript:/i);
    }
    expect(pageHtml).toContain("&lt;a href=&quot;javascript:alert(2)&quot;&gt;click me&lt;/a&gt;");
    // Reply is a mailto: with the subject prefilled.
    expect(pageHtml).toContain(
      `href="mailto:mallory@example.com?subject=${encodeURIComponent('Re: <script>alert("subject")</script>').replace(/&/g, "&amp;")}"`,
    );
  });

  it("when the message cannot be stored, the visitor is told so (503) and keeps what was typed", async () => {
    // Last test of the file: it breaks this server's database on purpose.
    const db = new Database(server.databaseFile);
    db.exec('DROP TABLE "Message"');
    db.close();
    const { status, html } = await post({ ...VALID, subject: "Lost? Never." });
    expect(status).toBe(503);
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(html).toContain('value="Lost? Never."');
    expect(html).toContain('value="grace@example.com"');
    expect(html).toMatch(/<textarea[^>]*>Let us talk\.<\/textarea>/);
  });
});
