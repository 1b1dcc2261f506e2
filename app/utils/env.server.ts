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

/** A whole number of at least 1 (a limit or a window: 0 would refuse every request). */
const positiveIntFromEnv = (fallback: number) =>
  intFromEnv(fallback).refine((n) => n >= 1, "must be a whole number (1 or more)");

/** The public pages' Cache-Control by default (server/public-cache.ts, docs/scaling.md). */
export const DEFAULT_PUBLIC_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=86400";

/** One Cache-Control directive: a name, or name=number, name=token or name="text". */
const CACHE_DIRECTIVE = /^[a-z][a-z0-9-]*(?:=(?:\d{1,10}|[a-z0-9-]+|"[^"\\\r\n]*"))?$/i;

/** A Cache-Control value: directives separated by commas (nothing else, no line breaks). */
const cacheControl = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const directives = v.split(",").map((d) => d.trim());
      if (!directives.every((d) => CACHE_DIRECTIVE.test(d))) {
        ctx.addIssue({
          code: "custom",
          message: `must be a Cache-Control value such as "${fallback}"`,
        });
        return z.NEVER;
      }
      return directives.join(", ");
    });

/** On with `1` or `true` (any case), off otherwise. */
const flag = z
  .string()
  .optional()
  .transform((v) => /^(1|true)$/i.test(v?.trim() ?? ""));

/** On unless set to `0`. */
const onUnlessZero = z
  .string()
  .optional()
  .transform((v) => v?.trim() !== "0");

/** On unless set to `0`, `false` or `off` (any case). */
const onUnlessOff = z
  .string()
  .optional()
  .transform((v) => !/^(0|false|off)$/i.test(v?.trim() ?? ""));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intFromEnv(3000),
    /** The address the server listens on. */
    HOST: z.string().default("0.0.0.0"),
    /** Where the production server finds the Remix build (tests and benchmarks use their own). */
    FOLIO_BUILD_DIR: z.string().default("build"),
    /** The request log (one line per request); `0` turns it off. */
    FOLIO_REQUEST_LOG: onUnlessZero,
    /** Reuse rendered public pages for anonymous visitors (server/page-cache.ts); `0` turns it off. */
    FOLIO_PAGE_CACHE: onUnlessZero,
    /**
     * How old (ms) the content version a cache hit is checked against may be: a write by another
     * process (the CLI) shows after at most this long; writes through the server show at once.
     */
    FOLIO_CONTENT_CHECK_MS: intFromEnv(1000),
    /** Cache-Control of the public pages to anonymous visitors (browsers and CDNs). */
    PUBLIC_CACHE_CONTROL: cacheControl(DEFAULT_PUBLIC_CACHE_CONTROL),
    /** Visit statistics (docs/statistics.md); `0`, `false` or `off` turns counting off entirely. */
    FOLIO_VISIT_STATS: onUnlessOff,
    /** How often (ms) the page views counted in memory are written to the database. */
    FOLIO_STATS_FLUSH_MS: positiveIntFromEnv(10_000),
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
    /** Rendered social cards (a cache, re-made on demand); unset: `social-cards` beside UPLOADS_DIR. */
    SOCIAL_CARDS_DIR: optionalString,
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
    /**
     * bcrypt's cost for new password hashes (and the dummy check of an unknown email): 12 is the
     * safe value; the test suite lowers it to 4 so its hundreds of sign-ins stay cheap.
     */
    PASSWORD_HASH_COST: intFromEnv(12).refine(
      (n) => n >= 4 && n <= 15,
      "must be a whole number from 4 to 15 (12 is the safe value; lower only for tests)",
    ),
    CONTACT_MAX_PER_WINDOW: intFromEnv(5),
    CONTACT_WINDOW_SECONDS: intFromEnv(10 * 60),
    /**
     * A contact form sent sooner than this after the page was served is "fast": spam only
     * together with another sign (app/utils/spam-rules.ts).
     */
    CONTACT_MIN_FILL_MS: intFromEnv(2000),
    /** The same message (subject and text) from the same IP or email within this is refused. */
    CONTACT_DUPLICATE_WINDOW_MS: intFromEnv(10 * 60 * 1000),
    RATE_LIMIT_DISABLED: flag,
    /** Requests per IP per window (every request except /healthz, static files and images). */
    RATE_LIMIT_RPM: positiveIntFromEnv(600),
    /** Writes (non-GET requests) per IP per window. */
    RATE_LIMIT_WRITE_RPM: positiveIntFromEnv(60),
    RATE_LIMIT_WINDOW_SECONDS: positiveIntFromEnv(60),
    /** The importer: the whole time allowed for one request to the old site or one image download (ms). */
    IMPORT_TIMEOUT_MS: positiveIntFromEnv(15000),
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

/**
 * Where the parsed configuration is kept: one slot for the whole process. The Express server
 * (server/main.ts) and the Remix build it loads each hold their own copy of this module (the
 * build is a separate module graph, and so is Vite's in development), so a module variable
 * would parse the environment once per copy; the server parses it first and the app reuses it.
 */
const CONFIG_SLOT = Symbol.for("folio.env");
type ConfigHolder = { [CONFIG_SLOT]?: Env };

/** The validated configuration (parsed once per process, on first use). */
export function env(): Env {
  const holder = globalThis as ConfigHolder;
  holder[CONFIG_SLOT] ??= parseEnv();
  return holder[CONFIG_SLOT];
}

export const isProduction = () => env().NODE_ENV === "production";

/** Whether cookies are marked Secure (and the session cookie gets the __Host- prefix). */
export const cookiesSecure = () => env().COOKIE_SECURE ?? isProduction();
