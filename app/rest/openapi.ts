// GET /api/openapi.json: the OpenAPI 3.1 document of the REST compatibility API.
import { apiJson, apiRoute } from "~/utils/api.server";
import { openApiDocument } from "~/utils/openapi.server";

const api = apiRoute({
  GET: async () =>
    apiJson(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
});

export const loader = api.loader;
export const action = api.action;
