// Projects in the REST API: the old client's field names (liveUrl as an alias of liveView). The
// bodies are validated by the generic handlers with PROJECT_REST's body, projectStoredSchema:
// what the old backend stored (any skill text, a free-text date, a budget as text, no link
// required), while bad URLs and oversized texts stay refused.
import type { ProjectDetail } from "~/models/project.server";
import { withIds, type Body } from "./api.server";

/**
 * A project as the old client reads it: `_id`, `id`, every field, and `liveUrl`. The social
 * card image (`ogImage`) is taken on writes but left out, so the old shape stays exact.
 */
export function projectAnswer(project: ProjectDetail) {
  const { ogImage: _ogImage, ...fields } = project;
  return { ...withIds(fields), liveUrl: project.liveView };
}

/** Accepts `liveUrl` as the live link when `liveView` is not sent. */
export function withLiveViewAlias(body: Body): Body {
  const { liveUrl, ...rest } = body;
  if (rest.liveView === undefined && liveUrl !== undefined) rest.liveView = liveUrl;
  return rest;
}
