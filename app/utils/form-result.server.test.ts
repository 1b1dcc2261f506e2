import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formResult, submissionOf, typedSubmission } from "./form-result.server";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  note: z.string().optional(),
});

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
};

describe("submissionOf", () => {
  it("gives the schema the strings as typed: '' is not turned into a missing field", () => {
    const submission = submissionOf(formOf([["name", ""]]), schema);
    expect(submission.status).toBe("error");
    expect(submission.status !== "success" && submission.error).toEqual({
      name: ["Name is required"],
    });
  });

  it("drops a forged Conform intent or state instead of throwing (a client must not get a 500)", () => {
    for (const [name, value] of [
      ["__intent__", "not json"],
      ["__state__", "{"],
    ]) {
      const submission = submissionOf(
        formOf([
          [name, value],
          ["name", "Ada"],
        ]),
        schema,
      );
      expect(submission.status).toBe("success");
      expect(submission.status === "success" && submission.value).toEqual({ name: "Ada" });
    }
  });

  it("never throws for odd field names", () => {
    for (const name of ["__proto__", "constructor.prototype.x", "a[", "a]b", "[0]", "a..b"]) {
      expect(() =>
        submissionOf(
          formOf([
            [name, "x"],
            ["name", "Ada"],
          ]),
          schema,
        ),
      ).not.toThrow();
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("formResult", () => {
  it("answers a refusal: 400, field errors, the dialog text as the form's error, what was typed", async () => {
    const submission = submissionOf(
      formOf([
        ["name", " "],
        ["note", "kept"],
      ]),
      schema,
    );
    const res = formResult(submission, { text: "Failed to add Skill." });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: "error",
      initialValue: { name: " ", note: "kept" },
      error: { "": ["Failed to add Skill."], name: ["Name is required"] },
      dialog: { kind: "error", title: "Error!", text: "Failed to add Skill." },
    });
  });

  it("answers a notice with status 200 and no form error", async () => {
    const submission = submissionOf(formOf([["name", "Ada"]]), schema);
    const res = formResult(submission, { title: "No Changes Made", text: "Same.", status: 200 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: "success",
      dialog: { kind: "info", title: "No Changes Made" },
    });
    expect(body.error).toBeUndefined();
  });

  it("adds the caller's field errors, hides secrets, names the form, closes a 413", async () => {
    const typed = typedSubmission({ email: "a@b.c", password: "secret-typed" });
    const res = formResult(typed, {
      title: "Oops...",
      text: "Too large.",
      status: 413,
      fieldErrors: { email: "Taken", other: undefined },
      hideFields: ["password"],
      formId: "login",
      headers: { "Retry-After": "5" },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("Connection")).toBe("close");
    expect(res.headers.get("Retry-After")).toBe("5");
    const body = await res.json();
    expect(body.initialValue).toEqual({ email: "a@b.c" });
    expect(JSON.stringify(body)).not.toContain("secret-typed");
    expect(body.error).toEqual({ "": ["Too large."], email: ["Taken"] });
    expect(body.formId).toBe("login");
  });

  it("without a text there is no dialog (the field messages speak for themselves)", async () => {
    const res = formResult(typedSubmission({ title: "" }), {
      fieldErrors: { title: "Title is required" },
    });
    const body = await res.json();
    expect(body.dialog).toBeUndefined();
    expect(body.error).toEqual({ title: ["Title is required"] });
  });
});
