import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalText, requiredText } from "~/entities/fields";
import { zodToJsonSchema } from "./zod-json-schema";

describe("zodToJsonSchema", () => {
  it("turns an object schema into required/optional properties with their limits", () => {
    const schema = z
      .object({
        name: requiredText("Name", 60),
        note: optionalText("Note", 200),
        level: z.enum(["a", "b"]),
        count: z.number().int().min(0).max(9).optional(),
        tags: z.array(z.string()).max(4),
        flag: z.boolean().nullable(),
      })
      .refine(() => true);
    expect(zodToJsonSchema(schema)).toEqual({
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, maxLength: 60 },
        note: { type: ["string", "null"], maxLength: 200 },
        level: { type: "string", enum: ["a", "b"] },
        count: { type: "integer", minimum: 0, maximum: 9 },
        tags: { type: "array", items: { type: "string" }, maxItems: 4 },
        flag: { type: ["boolean", "null"] },
      },
      required: ["name", "level", "tags", "flag"],
    });
  });

  it("refuses a zod type it does not know, so a new kind of field cannot slip through", () => {
    expect(() => zodToJsonSchema(z.object({ when: z.date() }))).toThrow(/unsupported zod type/);
  });
});
