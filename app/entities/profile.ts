import { z } from "zod";
import { optionalImage, optionalText, optionalUrl } from "./fields";
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
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as Array<keyof ProfileInput>;

/** REST: GET /adduser (the profile list) and PUT /adduser/{id} (spec section 7). */
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
  item: { put: { summary: "Update the profile", body: "ProfileInput" } },
};
