// The profile: the service the dashboard and REST /adduser call. A replaced profile image is
// cleaned up here, once.
import {
  getProfileById,
  listProfiles,
  saveProfile,
  updateProfile,
  type Profile,
} from "~/models/profile.server";
import type { UpdateResult } from "./fields";
import type { EntityService } from "./entity.server";
import { cleanUpImages } from "./image.server";
import type { ProfileInput } from "./profile";

/** Removes the previous image once a save replaced it. */
async function withImageCleanUp(
  input: ProfileInput,
  saved: UpdateResult & { previousImage: string },
): Promise<UpdateResult> {
  const { previousImage, ...result } = saved;
  if (result.modifiedCount > 0 && previousImage && previousImage !== input.image) {
    await cleanUpImages([previousImage], "the profile");
  }
  return result;
}

export const profileService: EntityService<Profile, ProfileInput> & {
  /** Saves the site's profile, creating it on first save (the dashboard's profile screen). */
  save: (input: ProfileInput) => Promise<UpdateResult>;
} = {
  list: () => listProfiles(),
  get: (id) => getProfileById(id),
  update: async (id, input) => withImageCleanUp(input, await updateProfile(id, input)),
  save: async (input) => withImageCleanUp(input, await saveProfile(input)),
};
