// The app's full route manifest, as the Remix Vite plugin builds it: the files under app/routes
// (Remix's own flat-routes reader) plus the routes vite.config.ts registers in code (the REST
// table, app/rest/table.ts). Tests that cover "every route" read this, so a new route of either
// kind is covered without editing them.
import path from "node:path";
import {
  UNSAFE_defineRoutes as defineRoutes,
  UNSAFE_flatRoutes as flatRoutes,
  type UNSAFE_RouteManifest as RouteManifest,
} from "@remix-run/dev";
import { restRoutes } from "~/rest/table";
import { ROOT } from "./paths";

export function routeManifest(): RouteManifest {
  return { ...flatRoutes(path.join(ROOT, "app")), ...restRoutes(defineRoutes) };
}

/** Every URL pattern of the app ("/dashboard/admin/skills/:id/delete", "/api/*"). */
export function routePatterns(): string[] {
  const manifest = routeManifest();
  const full = (id: string): string => {
    const route = manifest[id];
    const own = route.path ?? "";
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  return [...new Set(Object.keys(manifest).map((id) => "/" + full(id)))].sort();
}
