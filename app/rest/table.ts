// The REST compatibility API as one table: every path, read from the entity modules. The routes
// are registered from it (vite.config.ts → restRoutes), the generic handlers look their entity up
// in it, and the OpenAPI document is generated from it (utils/openapi.server.ts), so a path can
// never answer without being documented, or the other way round. Imported by vite.config.ts:
// relative imports only.
import { CATEGORY_REST } from "../entities/category";
import { EDUCATION_REST } from "../entities/education";
import { EXPERIENCE_REST } from "../entities/experience";
import { IMAGE_REST } from "../entities/image";
import { MESSAGE_REST } from "../entities/message";
import { PROFILE_REST } from "../entities/profile";
import { PROJECT_REST } from "../entities/project";
import type { RestShape } from "../entities/rest";
import { SERVICE_REST } from "../entities/service";
import { SKILL_REST } from "../entities/skill";

/** GET /api/openapi.json: the OpenAPI 3.1 document of this table (app/rest/openapi.ts). */
export const OPENAPI_REST: RestShape = {
  path: "/api/openapi.json",
  tag: "Meta",
  noun: "document",
  handler: "openapi",
  schemas: { OpenApiDocument: { type: "object" } },
  collection: { get: { summary: "This OpenAPI document", ok: [200, "OpenApiDocument"] } },
};

/** Every REST path, in the OpenAPI document's order. */
export const REST_TABLE: readonly RestShape[] = [
  PROFILE_REST,
  SKILL_REST,
  CATEGORY_REST,
  SERVICE_REST,
  PROJECT_REST,
  EDUCATION_REST,
  EXPERIENCE_REST,
  MESSAGE_REST,
  IMAGE_REST,
  OPENAPI_REST,
];

/** The OpenAPI template of a shape's item path: "/addskill/{id}". */
export const itemPathOf = (shape: RestShape) => `${shape.path}/{id}`;

/** The first segment of a URL path, lower-cased (route matching ignores case). */
function firstSegment(pathname: string): string {
  const raw = pathname.split("/").filter(Boolean)[0] ?? "";
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The table entry a request's path belongs to (the route matched it, so one exists). */
export function restShapeOf(pathname: string): RestShape | undefined {
  const segment = firstSegment(pathname);
  return REST_TABLE.find((shape) => firstSegment(shape.path) === segment && !shape.handler);
}

export type RestRoute = { id: string; path: string; file: string };

/**
 * The route of every table path (Remix route path, module under app/, route id): the generic
 * collection and item modules, a path's own handler, and one JSON 404 catch-all per prefix.
 */
export function restRouteList(): RestRoute[] {
  const routes: RestRoute[] = [];
  const prefixes = new Set<string>();
  for (const shape of REST_TABLE) {
    const path = shape.path.slice(1);
    if (shape.handler) {
      routes.push({ id: `rest${shape.path}`, path, file: `rest/${shape.handler}.ts` });
    } else {
      if (shape.collection)
        routes.push({ id: `rest${shape.path}`, path, file: "rest/collection.ts" });
      if (shape.item)
        routes.push({ id: `rest${shape.path}/item`, path: `${path}/:id`, file: "rest/item.ts" });
    }
    prefixes.add(path.split("/")[0]);
  }
  for (const prefix of prefixes) {
    routes.push({ id: `rest/${prefix}/not-found`, path: `${prefix}/*`, file: "rest/not-found.ts" });
  }
  return routes;
}

type DefineRoute = (path: string, file: string, options: { id: string }) => void;

/** The Remix Vite plugin's `routes` option: registers restRouteList() next to app/routes. */
export function restRoutes<T>(defineRoutes: (define: (route: DefineRoute) => void) => T): T {
  return defineRoutes((route) => {
    for (const r of restRouteList()) route(r.path, r.file, { id: r.id });
  });
}
