import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { PROJECTS } from "~/components/admin/project-form";
import { removeUnusedImages } from "~/models/image.server";
import { deleteProject, getProject } from "~/models/project.server";
import { deleteConfirmRoute } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: "Delete Project | Admin" }];

/** Deletes the project, then the uploaded images nothing else uses any more. */
async function removeProject(id: number) {
  const { deletedCount, removedImages } = await deleteProject(id);
  await removeUnusedImages(removedImages).catch((error: unknown) =>
    console.error(`Cleaning up the images of project ${id} failed:`, error),
  );
  return deletedCount;
}

/** GET: the no-JavaScript confirmation page; POST: the delete (the list's dialog posts here too). */
const route = deleteConfirmRoute({
  entity: PROJECTS,
  find: (id) => getProject(id, { includeDrafts: true }),
  nameOf: (project) => project.title,
  remove: removeProject,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
