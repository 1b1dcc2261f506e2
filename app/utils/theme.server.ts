import { createCookie } from "@remix-run/node";
import { cookiesSecure } from "./env.server";
import { THEME_COOKIE_NAME } from "./http-names.server";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

let cookie: ReturnType<typeof createCookie> | undefined;
function themeCookie() {
  cookie ??= createCookie(THEME_COOKIE_NAME, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: cookiesSecure(),
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The visitor's chosen theme; "system" (follow the OS setting) when none was chosen. */
export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie().parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}

export async function themeSetCookie(theme: Theme): Promise<string> {
  return themeCookie().serialize(theme);
}
