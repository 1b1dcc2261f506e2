// Unknown paths under this API prefix answer a JSON 404 (never the HTML error page).
import { apiNotFound } from "~/utils/api.server";

export const loader = apiNotFound.loader;
export const action = apiNotFound.action;
