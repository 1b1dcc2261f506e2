// GET, PUT and DELETE /addprotfolio/{id}: one project (a draft only for the owner). Writes are
// owner only; images no longer used afterwards are cleaned up.
import { removeUnusedImages } from "~/models/image.server";
import { deleteProject, getProject, updateProject } from "~/models/project.server";
import {
  apiJson,
  apiRoute,
  deletedAnswer,
  isApiOwner,
  mergeForUpdate,
  notFound,
  readBody,
  requireApiOwner,
  requireId,
  updatedAnswer,
} from "~/utils/api.server";
import { projectAnswer, validateProjectBody, withLiveViewAlias } from "~/utils/api-projects.server";

const api = apiRoute({
  GET: async ({ request, params }) => {
    const id = requireId(params);
    const project = await getProject(id, { includeDrafts: await isApiOwner(request) });
    return project ? apiJson(projectAnswer(project)) : notFound("project", id);
  },
  PUT: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const body = withLiveViewAlias(await readBody(request));
    const current = await getProject(id, { includeDrafts: true });
    if (!current) return updatedAnswer("project", id, { matchedCount: 0, modifiedCount: 0 });
    const input = await validateProjectBody(mergeForUpdate(current, body), "update");
    const result = await updateProject(id, input);
    if (result.removedImages.length > 0) await removeUnusedImages(result.removedImages);
    return updatedAnswer("project", id, result);
  },
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const result = await deleteProject(id);
    if (result.removedImages.length > 0) await removeUnusedImages(result.removedImages);
    return deletedAnswer("project", id, result.deletedCount);
  },
});

export const loader = api.loader;
export const action = api.action;
