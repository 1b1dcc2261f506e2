// Projects in the REST API: the old client's field names (liveUrl as an alias of liveView) and
// the admin forms' validation (same schemas, skill must be a category name).
import { projectCreateSchema, projectUpdateSchema, type ProjectInput } from "~/entities/project";
import { validateProject, type ProjectDetail } from "~/models/project.server";
import { apiError, coerceFormBooleans, withIds, type Body } from "./api.server";

/** A project as the old client reads it: `_id`, `id`, every field, and `liveUrl`. */
export function projectAnswer(project: ProjectDetail) {
  return { ...withIds(project), liveUrl: project.liveView };
}

/** Accepts `liveUrl` as the live link when `liveView` is not sent. */
export function withLiveViewAlias(body: Body): Body {
  const { liveUrl, ...rest } = body;
  if (rest.liveView === undefined && liveUrl !== undefined) rest.liveView = liveUrl;
  return rest;
}

/** Validates a project body like the admin forms do; a 400 `{ error, fields }` when it fails. */
export async function validateProjectBody(
  body: Body,
  mode: "create" | "update",
): Promise<ProjectInput> {
  const schema = mode === "create" ? projectCreateSchema : projectUpdateSchema;
  const result = await validateProject(coerceFormBooleans(schema, withLiveViewAlias(body)), mode);
  if (result.ok) return result.input;
  const messages = [...new Set(Object.values(result.errors))];
  throw apiError(400, `Invalid input: ${messages.join("; ")}`, { fields: result.errors });
}
