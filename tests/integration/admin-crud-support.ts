// Shared checks for the admin CRUD screens (skills, category, services, education, experience):
// every loader and action refuses anonymous requests, adds validate each field, deletes confirm.
import { describe, expect, it } from "vitest";
import { getToast, type Toast } from "~/utils/toast.server";
import { cookieFrom, formRequest, getRequest, ownerCookie, run } from "../support/requests";

type Fn = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown>;
export type RouteModule = { loader?: Fn; action?: Fn };

export async function call(
  fn: Fn | undefined,
  request: Request,
  params: Record<string, string> = {},
) {
  if (!fn) throw new Error("route function missing");
  return run(() => fn({ request, params, context: {} }));
}

/** The flash message a response sets for the next page (the spec's dialogs after a redirect). */
export async function flashOf(response: Response): Promise<Toast | null> {
  const cookie = cookieFrom(response);
  if (!cookie.includes("folio_toast=")) return null;
  return (await getToast(getRequest("/", { cookie }))).toast;
}

let session: Promise<string> | undefined;
/** The owner's session cookie (made once per file: hashing the password is slow on purpose). */
export function owner() {
  session ??= ownerCookie();
  return session;
}

/**
 * What a form result gives back as typed (Conform's `initialValue`): every field, except those
 * left empty, which Conform leaves out (an absent field shows empty).
 */
export function typedValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

export function expectLoginRedirect(response: Response, path: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
}

export type AddForm = {
  path: string;
  route: RouteModule;
  /** A valid submission (unique values are appended by the suite). */
  valid: Record<string, string>;
  /** Each required field and the message it answers when empty. */
  required: Record<string, string>;
  /** Each text field's maximum length. */
  maxLengths: Record<string, number>;
  successTitle: string;
  failText: string;
  /** Whether a record with these values exists now. */
  exists: (values: Record<string, string>) => Promise<boolean>;
};

export type DeleteFlow = {
  listUrl: string;
  route: RouteModule;
  create: () => Promise<number>;
  exists: (id: number) => Promise<boolean>;
  title: string;
};

/** Checks every admin add form shares: success flash + redirect, 400 per field, values kept. */
export function describeAddForm(name: string, listUrl: string, form: AddForm) {
  describe(`${name}: add form`, () => {
    const submit = async (fields: Record<string, string>, cookie?: string) =>
      call(form.route.action, formRequest(form.path, fields, { cookie }));

    it("refuses anonymous requests to its loader and action (to /login)", async () => {
      expectLoginRedirect(await call(form.route.loader, getRequest(form.path)), form.path);
      expectLoginRedirect(await submit(form.valid), form.path);
      expect(await form.exists(form.valid)).toBe(false);
    });

    it("shows the form to the owner", async () => {
      const cookie = await owner();
      expect((await call(form.route.loader, getRequest(form.path, { cookie }))).status).toBe(200);
    });

    it("adds a valid record, then redirects to the list with the success dialog", async () => {
      const cookie = await owner();
      const values = { ...form.valid };
      const res = await submit(values, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(listUrl);
      expect(await flashOf(res)).toMatchObject({
        type: "success",
        title: form.successTitle,
        text: expect.stringMatching(/^“.+” has been added\.$/),
        dialog: true,
      });
      expect(await form.exists(values)).toBe(true);
    });

    for (const [field, message] of Object.entries(form.required)) {
      it(`answers 400 with '${message}' when ${field} is empty or blank, keeping what was typed`, async () => {
        const cookie = await owner();
        for (const empty of ["", "   "]) {
          const values = { ...form.valid, [field]: empty };
          const res = await submit(values, cookie);
          expect(res.status).toBe(400);
          const body = await res.json();
          expect(body).toMatchObject({
            status: "error",
            dialog: { kind: "error", title: "Error!", text: form.failText },
          });
          expect(body.error[""]).toEqual([form.failText]);
          expect(body.error[field]?.[0]).toBe(message);
          // Conform's reply leaves out empty fields: an absent value was typed as ''.
          for (const [key, value] of Object.entries(values))
            expect(body.initialValue[key] ?? "").toBe(value);
        }
        const { [field]: _omitted, ...missing } = form.valid;
        const res = await submit(missing, cookie);
        expect(res.status).toBe(400);
        expect((await res.json()).error[field]?.[0]).toBe(message);
      });
    }

    for (const [field, max] of Object.entries(form.maxLengths)) {
      it(`answers 400 (never 500) when ${field} is longer than ${max} characters`, async () => {
        const cookie = await owner();
        for (const length of [max + 1, 20_000]) {
          const values = { ...form.valid, [field]: "x".repeat(length) };
          const res = await submit(values, cookie);
          expect(res.status).toBe(400);
          const body = await res.json();
          expect(body.error[field]?.[0]).toMatch(`at most ${max} characters`);
          expect(body.initialValue[field]).toBe(values[field]);
          expect(await form.exists(values)).toBe(false);
        }
        const exact = { ...form.valid, [field]: "y".repeat(max) };
        expect((await submit(exact, cookie)).status).toBe(302);
      });
    }

    it("answers 415 for a body that is not a form and 413 for an oversized one", async () => {
      const cookie = await owner();
      const json = new Request(new URL(form.path, "http://localhost"), {
        method: "POST",
        body: JSON.stringify(form.valid),
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: "http://localhost" },
      });
      const res = await call(form.route.action, json);
      expect(res.status).toBe(415);
      expect((await res.json()).dialog.text).toBe(
        "Send the form as application/x-www-form-urlencoded or multipart/form-data (not application/json).",
      );
      const big = formRequest(
        form.path,
        { ...form.valid, filler: "z".repeat(600 * 1024) },
        { cookie },
      );
      const length = (await big.clone().arrayBuffer()).byteLength;
      const sized = new Request(big, {
        headers: { ...Object.fromEntries(big.headers), "Content-Length": String(length) },
      });
      expect((await call(form.route.action, sized)).status).toBe(413);
    });
  });
}

/** The delete confirmation page (GET) and the delete itself (POST), as every list uses them. */
export function describeDelete(name: string, flow: DeleteFlow) {
  describe(`${name}: delete`, () => {
    const path = (id: number | string) => `${flow.listUrl}/${id}/delete`;

    it("refuses anonymous requests to the confirmation page and the delete (to /login)", async () => {
      const id = await flow.create();
      expectLoginRedirect(
        await call(flow.route.loader, getRequest(path(id)), { id: String(id) }),
        path(id),
      );
      expectLoginRedirect(
        await call(flow.route.action, formRequest(path(id), {}), { id: String(id) }),
        path(id),
      );
      expect(await flow.exists(id)).toBe(true);
    });

    it("shows the confirmation page with the spec's texts", async () => {
      const cookie = await owner();
      const id = await flow.create();
      const res = await call(flow.route.loader, getRequest(path(id), { cookie }), {
        id: String(id),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ title: flow.title, listUrl: flow.listUrl });
    });

    it("answers 404 for the confirmation page of an unknown or malformed id", async () => {
      const cookie = await owner();
      for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999"]) {
        const res = await call(flow.route.loader, getRequest(path(id), { cookie }), { id });
        expect(res.status).toBe(404);
        expect(await res.text()).toMatch(/does not exist/);
      }
    });

    it("deletes after confirmation, then shows 'Deleted!' on the list", async () => {
      const cookie = await owner();
      const id = await flow.create();
      const res = await call(flow.route.action, formRequest(path(id), {}, { cookie }), {
        id: String(id),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(flow.listUrl);
      expect(await flashOf(res)).toMatchObject({
        type: "success",
        title: "Deleted!",
        text: expect.stringMatching(/^“.+” has been deleted\.$/),
        dialog: true,
      });
      expect(await flow.exists(id)).toBe(false);
    });

    it("says what failed when the record is already gone, and 404s a malformed id", async () => {
      const cookie = await owner();
      const res = await call(flow.route.action, formRequest(path(999999), {}, { cookie }), {
        id: "999999",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(flow.listUrl);
      const flash = await flashOf(res);
      expect(flash).toMatchObject({ type: "error", title: "Error!", dialog: true });
      expect(flash?.text).toMatch(/^Failed to delete .+ It does not exist any more/);
      const bad = await call(flow.route.action, formRequest(path("abc"), {}, { cookie }), {
        id: "abc",
      });
      expect(bad.status).toBe(404);
    });
  });
}

/** The list loader: owner only. */
export function describeListLoader(name: string, listUrl: string, route: RouteModule) {
  it(`${name}: the list refuses anonymous requests (to /login)`, async () => {
    expectLoginRedirect(await call(route.loader, getRequest(listUrl)), listUrl);
  });
}
