// The route module of every entity's collection path in the REST table (app/rest/table.ts registers
// it once per path; the handler looks the entity up by the path it was called on).
import { restEntityRoute } from "./handlers.server";

export const loader = restEntityRoute("collection");
export const action = loader;
