import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { readForm, refuseBody } from "~/utils/body.server";
import { safeRedirect } from "~/utils/request.server";
import { isTheme, themeSetCookie } from "~/utils/theme.server";

/** POST /theme {theme, redirectTo}: remembers the visitor's theme in a cookie (works without JS). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request).catch(refuseBody);
  const theme = form.get("theme");
  if (!isTheme(theme)) {
    return json({ ok: false, error: "Choose a theme: system, light or dark." }, { status: 400 });
  }
  const headers = { "Set-Cookie": await themeSetCookie(theme) };
  const wantsRedirect = form.get("redirectTo");
  if (wantsRedirect) return redirect(safeRedirect(wantsRedirect, "/"), { headers });
  return json({ ok: true, theme }, { headers });
}

export async function loader() {
  return redirect("/");
}
