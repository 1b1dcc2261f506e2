import { describe, expect, it } from "vitest";
import { z } from "zod";
import { projectCreateSchema } from "~/entities/project";
import { shapeOf } from "./api.server";
import {
  BodyRefused,
  FORM_MAX_BYTES,
  malformedTextPath,
  readBodyBytes,
  readForm,
  readJson,
} from "./body.server";

/** The longest a field's text may be, read from the zod schema (20 for non-text fields). */
function maxLengthOf(schema: z.ZodTypeAny): number {
  if (schema instanceof z.ZodString) return schema.maxLength ?? 20;
  const def = schema._def as Record<string, unknown>;
  for (const key of ["innerType", "schema", "type", "in"]) {
    const inner = def[key];
    if (inner instanceof z.ZodType) return maxLengthOf(inner);
  }
  if (schema instanceof z.ZodUnion) {
    return Math.max(...(schema.options as z.ZodTypeAny[]).map(maxLengthOf));
  }
  return 20;
}

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);

describe("the form cap", () => {
  it("fits the longest legal project form, every character a 3-byte one, percent-encoded", () => {
    const form = new URLSearchParams();
    for (const [name, field] of Object.entries(shapeOf(projectCreateSchema))) {
      const count = name === "images" ? 4 : 1;
      for (let i = 0; i < count; i++) form.append(name, "€".repeat(maxLengthOf(field)));
    }
    const bytes = new TextEncoder().encode(form.toString()).byteLength;
    expect(bytes).toBeGreaterThan(300 * 1024);
    expect(bytes).toBeLessThanOrEqual(FORM_MAX_BYTES);
  });
});

describe("readBodyBytes", () => {
  it("counts what arrives, whatever Content-Length says", async () => {
    const request = post(streamOf(["a".repeat(600), "b".repeat(600)]));
    const error = await readBodyBytes(request, 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyRefused);
    expect((error as BodyRefused).status).toBe(413);
    expect((error as BodyRefused).received.byteLength).toBe(1000);
  });

  it("refuses a declared length over the cap before reading", async () => {
    const request = post("x".repeat(10), { "Content-Length": "999999999" });
    await expect(readBodyBytes(request, 1000)).rejects.toMatchObject({ status: 413 });
  });
});

describe("readForm and readJson", () => {
  it("refuse other types with 415 and read bad percent-encoding as typed", async () => {
    await expect(readForm(post("a=1", { "Content-Type": "text/plain" }))).rejects.toMatchObject({
      status: 415,
    });
    const form = await readForm(
      post("a=%E0%A4%A&b=%", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(form.get("b")).toBe("%");
  });

  it("names the field holding a lone surrogate", async () => {
    await expect(readJson(post('{"a":{"b":["ok","\\ud800"]}}'))).rejects.toThrow(
      'The field "a.b.1" is not well-formed Unicode text',
    );
    expect(malformedTextPath({ ok: "😀 paired surrogates are fine" })).toBeNull();
  });
});
