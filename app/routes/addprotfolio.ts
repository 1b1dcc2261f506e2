// GET /addprotfolio (every project; drafts only for the owner) and POST /addprotfolio (owner only).
import { createProject, listProjectDetails } from "~/models/project.server";
import {
  apiJson,
  apiRoute,
  createdAnswer,
  isApiOwner,
  readBody,
  requireApiOwner,
} from "~/utils/api.server";
import { projectAnswer, validateProjectBody } from "~/utils/api-projects.server";

const api = apiRoute({
  GET: async ({ request }) => {
    const includeDrafts = await isApiOwner(request);
    return apiJson((await listProjectDetails({ includeDrafts })).map(projectAnswer));
  },
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = await validateProjectBody(await readBody(request), "create");
    return createdAnswer((await createProject(input)).id);
  },
});

export const loader = api.loader;
export const action = api.action;
