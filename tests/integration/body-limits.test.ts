// Bounded bodies (issue #13): several 48 MB bodies posted at once, with a declared
// Content-Length and chunked without one, to the anonymous writes (/login, /contact, /theme,
// POST /sendmail), to an owner's dashboard form and to an upload over the total cap. Each gets
// a 413 and the server's memory stays flat: nothing reads a body past its cap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";
import { postStream, residentBytes, type StreamAnswer } from "../support/stream-post";

const OWNER = { email: "owner@example.com", password: "body-limits-owner-password" };
const MB = 1024 * 1024;
const BIG = 48 * MB;
/**
 * Allowed growth of the server's resident memory while ten 48 MB bodies arrive. Buffering any
 * one of them would add 48 MB (the old code grew ~450 MB for four); what remains is each
 * request's cap-sized read (≤ 1 MB for forms and JSON, ≤ the 2 MB per-file cap here), socket
 * buffers and garbage not yet collected. 64 MB is well under one buffered body plus those.
 */
const MAX_GROWTH = 64 * MB;

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      RATE_LIMIT_DISABLED: "1",
      UPLOAD_MAX_BYTES: String(2 * MB),
      UPLOAD_MAX_TOTAL_BYTES: String(4 * MB),
    },
  });
  cookie = await signInOverHttp(server, OWNER);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Target = {
  label: string;
  path: string;
  type: string;
  owner?: boolean;
  prefix?: string;
  suffix?: string;
};

const BOUNDARY = "----folio-body-limits";
const multipartFile = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nTyped title\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="big.png"\r\n` +
  `Content-Type: image/png\r\n\r\n`;

const TARGETS: Target[] = [
  { label: "/login", path: "/login", type: "application/x-www-form-urlencoded", prefix: "email=" },
  {
    label: "/contact",
    path: "/contact",
    type: "application/x-www-form-urlencoded",
    prefix: "name=A&message=",
  },
  { label: "/theme", path: "/theme", type: "application/x-www-form-urlencoded", prefix: "t=" },
  {
    label: "POST /sendmail (REST)",
    path: "/sendmail",
    type: "application/json",
    prefix: '{"message":"',
  },
  {
    label: "a dashboard form (owner)",
    path: "/dashboard/admin/skills/add",
    type: "application/x-www-form-urlencoded",
    owner: true,
    prefix: "name=",
  },
  {
    label: "an upload over the total cap (owner)",
    path: "/dashboard/admin/projects/add",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    owner: true,
    prefix: multipartFile("thumbnail"),
  },
];

function send(target: Target, size: number, declared: boolean): Promise<StreamAnswer> {
  return postStream(server.url + target.path, {
    size,
    declared,
    prefix: target.prefix,
    suffix: target.suffix,
    headers: {
      "Content-Type": target.type,
      Origin: server.url,
      ...(target.owner ? { Cookie: cookie } : {}),
    },
  });
}

describe("bodies past their cap", () => {
  it("are refused with 413 and Connection: close, declared or chunked, and memory stays flat", async () => {
    // Warm up every path once (modules loaded, code compiled) so the measure sees only bodies.
    for (const target of TARGETS) {
      expect((await send(target, 6 * MB, false)).status, target.label).toBe(413);
    }
    const pid = server.process.pid!;
    const before = await residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      residentBytes(pid).then(
        (rss) => (peak = Math.max(peak, rss)),
        () => undefined,
      );
    }, 25);
    const started = Date.now();
    const runs = TARGETS.flatMap((target) =>
      [true, false].map(async (declared) => ({
        target,
        declared,
        answer: await send(target, BIG, declared),
      })),
    );
    const results = await Promise.all(runs);
    clearInterval(sampler);
    peak = Math.max(peak, await residentBytes(pid));
    const elapsed = Date.now() - started;
    for (const { target, declared, answer } of results) {
      const label = `${target.label} ${declared ? "with Content-Length" : "chunked"}`;
      expect(answer.status, label).toBe(413);
      expect(answer.headers.connection, label).toBe("close");
    }
    console.log(
      `${results.length} × 48 MB bodies: RSS ${Math.round(before / MB)} MB → peak ` +
        `${Math.round(peak / MB)} MB (+${Math.round((peak - before) / MB)} MB) in ${elapsed} ms`,
    );
    expect(peak - before).toBeLessThan(MAX_GROWTH);
    // Every refusal answered without waiting for its 48 MB.
    expect(elapsed).toBeLessThan(15_000);
  }, 60_000);

  it("say why: JSON for the REST API, the form page with the reason for documents", async () => {
    const api = await send(TARGETS[3], 2 * MB, true);
    expect(JSON.parse(api.body)).toEqual({
      success: false,
      error: "The request body is too large (at most 1 MB).",
    });
    const contact = await send(TARGETS[1], 2 * MB, false);
    expect(contact.headers["content-type"]).toMatch(/text\/html/);
    expect(contact.body).toContain("The request body is too large (at most 512 KB).");
    // Chunked: the file runs over its own cap first, and that is the reason given.
    const upload = await send(TARGETS[5], 6 * MB, false);
    expect(upload.body).toContain("Image upload failed: the file is larger than 2 MB");
    // What was typed before the file is given back.
    expect(upload.body).toContain("Typed title");
    // A declared length over the whole form's cap is refused before anything is read.
    const declared = await send(TARGETS[5], 6 * MB, true);
    expect(declared.body).toContain("Image upload failed: the form is too large (at most 4 MB)");
  });
});
