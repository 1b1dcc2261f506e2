// Unknown paths under a REST prefix (/addskill/1/x, /api/nothing) answer a JSON 404, never the
// HTML error page. Registered once per prefix of the REST table (app/rest/table.ts).
import { apiNotFound } from "~/utils/api.server";

export const loader = apiNotFound.loader;
export const action = apiNotFound.action;
