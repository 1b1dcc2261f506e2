import { z } from "zod";

const DEV_SESSION_SECRET = "folio-dev-session-secret-change-me";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const intFromEnv = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: "custom", message: "must be a whole number (0 or more)" });
        return z.NEVER;
      }
      return n;
    });

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v?.toLowerCase() === "true");

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intFromEnv(3000),
    DATABASE_URL: z
      .string()
      .default("file:./data/folio.db")
      .refine(
        (v) => v.startsWith("file:"),
        "must be a SQLite file URL such as file:./data/folio.db",
      ),
    SESSION_SECRET: optionalString,
    OWNER_EMAIL: optionalString.pipe(z.string().email("must be an email address").optional()),
    OWNER_PASSWORD: optionalString,
    RESEND_API_KEY: optionalString,
    RESEND_FROM: z.string().default("Folio <onboarding@resend.dev>"),
    CONTACT_TO_EMAIL: optionalString.pipe(z.string().email("must be an email address").optional()),
    UPLOADS_DIR: z.string().default("./data/uploads"),
    UPLOAD_MAX_BYTES: intFromEnv(10 * 1024 * 1024),
    /** A whole multipart upload; unset: a thumbnail and a full gallery at UPLOAD_MAX_BYTES each. */
    UPLOAD_MAX_TOTAL_BYTES: intFromEnv(-1).transform((n) => (n < 0 ? undefined : n)),
    API_TOKEN: optionalString,
    ALLOWED_ORIGINS: optionalString,
    PUBLIC_URL: optionalString.pipe(
      z.string().url("must be a full URL like https://example.com").optional(),
    ),
    TRUST_PROXY: flag,
    LOGIN_MAX_FAILURES: intFromEnv(5),
    LOGIN_WINDOW_SECONDS: intFromEnv(15 * 60),
    /** Sign-in attempts per window from a browser that signed in before (its device cookie). */
    LOGIN_DEVICE_MAX_FAILURES: intFromEnv(10),
    CONTACT_MAX_PER_WINDOW: intFromEnv(5),
    CONTACT_WINDOW_SECONDS: intFromEnv(10 * 60),
    /** A contact form sent sooner than this after the page was served is treated as a bot. */
    CONTACT_MIN_FILL_MS: intFromEnv(2000),
    RATE_LIMIT_DISABLED: flag,
    /** Requests per IP per window (every request except /healthz, static files and images). */
    RATE_LIMIT_RPM: intFromEnv(600),
    /** Writes (non-GET requests) per IP per window. */
    RATE_LIMIT_WRITE_RPM: intFromEnv(60),
    RATE_LIMIT_WINDOW_SECONDS: intFromEnv(60),
    /** Scheduled backups: a folder (on the data volume), how often, and how many to keep. */
    BACKUP_DIR: optionalString,
    BACKUP_INTERVAL_HOURS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return 24;
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0) {
          ctx.addIssue({ code: "custom", message: "must be a number of hours (0 turns it off)" });
          return z.NEVER;
        }
        return n;
      }),
    BACKUP_KEEP: intFromEnv(7),
    /** A backup archive restored by the start script when the database is empty. */
    RESTORE_FROM: optionalString,
    /** A restore refuses an archive with a file larger than this (bytes; default 1 GiB). */
    RESTORE_MAX_FILE_BYTES: intFromEnv(1024 * 1024 * 1024),
    /** ... or with more than this in all (bytes; default 8 GiB). */
    RESTORE_MAX_TOTAL_BYTES: intFromEnv(8 * 1024 * 1024 * 1024),
    /** Secure cookies; default on in production. The local quick-start turns it off for plain http://localhost. */
    COOKIE_SECURE: z
      .enum(["true", "false", "1", "0"], { errorMap: () => ({ message: "must be true or false" }) })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (a long random string; comma-separate to rotate)",
      });
    }
    if (env.OWNER_PASSWORD !== undefined && !env.OWNER_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["OWNER_EMAIL"],
        message: "is required when OWNER_PASSWORD is set",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { sessionSecrets: string[] };

type EnvSource = Record<string, string | undefined>;

/**
 * The environment with empty (or blank) values removed: `COOKIE_SECURE=` in a .env file or a
 * compose file means "not set, use the default", for every setting alike.
 */
function withoutBlanks(source: EnvSource): EnvSource {
  const out: EnvSource = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** Parses the environment; throws one readable error naming every wrong variable. */
export function parseEnv(source: EnvSource = process.env): Env {
  const result = envSchema.safeParse(withoutBlanks(source));
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join(".") || "environment"} ${i.message}`,
    );
    throw new Error(
      `Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every setting.`,
    );
  }
  const secrets = (result.data.SESSION_SECRET ?? DEV_SESSION_SECRET)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return { ...result.data, sessionSecrets: secrets };
}

let cached: Env | undefined;

/** The validated configuration (parsed once, on first use). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";

/** Whether cookies are marked Secure (and the session cookie gets the __Host- prefix). */
export const cookiesSecure = () => env().COOKIE_SECURE ?? isProduction();
