// Projects: the service the dashboard and REST /addprotfolio call. Drafts are seen by the owner
// only; the images an update replaced or a delete left behind are cleaned up here, once.
import {
  createProject,
  deleteProject,
  getProject,
  listProjectDetails,
  updateProject,
  type ProjectDetail,
} from "~/models/project.server";
import { orderingOf, type EntityService, type Reader } from "./entity.server";
import { cleanUpImages } from "./image.server";
import type { ProjectInput } from "./project";

export const projectService = {
  list: (reader?: Reader) => listProjectDetails({ includeDrafts: reader?.owner ?? false }),
  get: (id: number, reader?: Reader) => getProject(id, { includeDrafts: reader?.owner ?? false }),
  create: createProject,
  update: async (id: number, input: ProjectInput) => {
    const { removedImages, ...result } = await updateProject(id, input);
    await cleanUpImages(removedImages, `project ${id}`);
    return result;
  },
  remove: async (id: number) => {
    const { deletedCount, removedImages } = await deleteProject(id);
    await cleanUpImages(removedImages, `project ${id}`);
    return { deletedCount };
  },
  ...orderingOf("project"),
} satisfies EntityService<ProjectDetail, ProjectInput>;
