import { z } from "zod";

import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from "./password-rules";

export { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH };

export const newPasswordSchema = z
  .string({ required_error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine(
    (p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES,
    `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
  );

export const emailSchema = z
  .string({ required_error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Enter a valid email address");
