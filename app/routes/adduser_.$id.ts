// PUT /adduser/{id}: save the whole profile (fields left out keep their values). Owner only.
import { removeUnusedImages } from "~/models/image.server";
import { profileSchema } from "~/entities/profile";
import { getProfileById, updateProfile } from "~/models/profile.server";
import {
  apiRoute,
  mergeForUpdate,
  notFound,
  readBody,
  requireApiOwner,
  requireId,
  updatedAnswer,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  PUT: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const body = await readBody(request);
    const current = await getProfileById(id);
    if (!current) return notFound("profile", id, NOT_MATCHED);
    const input = validateBody(profileSchema, mergeForUpdate(current, body));
    const result = await updateProfile(id, input);
    if (result.modifiedCount > 0 && result.previousImage && result.previousImage !== input.image) {
      await removeUnusedImages([result.previousImage]);
    }
    return updatedAnswer("profile", id, result);
  },
});

export const loader = api.loader;
export const action = api.action;

const NOT_MATCHED = { acknowledged: true, matchedCount: 0, modifiedCount: 0 };
