// The password and email rules live in ./password-rules (the browser checks them too).
export {
  emailSchema,
  newPasswordSchema,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
} from "./password-rules";
