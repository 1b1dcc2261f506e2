// GET /adduser: the profile list (spec section 7). The Profile table holds no secrets.
import { listProfiles } from "~/models/profile.server";
import { apiRoute, listAnswer } from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listProfiles()),
});

export const loader = api.loader;
export const action = api.action;
