import { z } from "zod";
import { optionalImage, optionalText, optionalUrl } from "./fields";
import type { FieldSpec } from "./form-fields";
import { PUT_NOTE, type RestShape } from "./rest";

/** Profile: no required fields (spec section 5). */
export const profileSchema = z.object({
  name: optionalText("Short Name", 100),
  description: optionalText("Description", 2000),
  email: z
    .string({ invalid_type_error: "Email must be text" })
    .trim()
    .max(254, "Email must be at most 254 characters")
    .refine(
      (v) => v === "" || z.string().email().safeParse(v).success,
      "Enter a valid email address",
    )
    .optional()
    .nullable()
    .transform((v) => v ?? ""),
  number: optionalText("Phone Number", 40),
  address: optionalText("Address", 200),
  image: optionalImage("Profile Image"),
  cv: optionalUrl("CV Link"),
  facebook: optionalUrl("Facebook"),
  github: optionalUrl("GitHub"),
  linkedin: optionalUrl("LinkedIn"),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The Profile screen's fields, in order (two columns). The picture is the form's own input. */
export const PROFILE_FIELDS: FieldSpec[] = [
  { name: "name", label: "Short Name", maxLength: 100, autoComplete: "name" },
  { name: "email", label: "Email", type: "email", maxLength: 254, autoComplete: "email" },
  {
    name: "description",
    label: "Description",
    kind: "textarea",
    rows: 4,
    maxLength: 2000,
    wide: true,
    markdown: true,
  },
  {
    name: "facebook",
    label: "Facebook",
    type: "url",
    placeholder: "https://facebook.com/...",
    maxLength: 2048,
    autoComplete: false,
  },
  {
    name: "github",
    label: "GitHub",
    type: "url",
    placeholder: "https://github.com/...",
    maxLength: 2048,
    autoComplete: false,
  },
  {
    name: "linkedin",
    label: "LinkedIn",
    type: "url",
    placeholder: "https://www.linkedin.com/in/...",
    maxLength: 2048,
    autoComplete: false,
  },
  {
    name: "cv",
    label: "CV Link",
    type: "url",
    placeholder: "https://",
    maxLength: 2048,
    autoComplete: false,
  },
  { name: "number", label: "Phone Number", type: "tel", maxLength: 40, autoComplete: "tel" },
  { name: "address", label: "Address", maxLength: 200, autoComplete: "street-address" },
];

/** REST: GET /adduser (the profile list), GET and PUT /adduser/{id} (spec section 7). */
export const PROFILE_REST: RestShape = {
  path: "/adduser",
  tag: "Profile",
  noun: "profile",
  model: { name: "Profile", schema: profileSchema },
  bodies: {
    ProfileInput: { schema: profileSchema, description: `The whole profile object. ${PUT_NOTE}` },
  },
  collection: {
    get: { summary: "List profiles (the first is the site's profile)" },
  },
  item: {
    get: { summary: "One profile" },
    put: { summary: "Update the profile", body: "ProfileInput" },
  },
};
