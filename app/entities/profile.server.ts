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

export const profileService = {
  list: () => listProfiles(),
  get: (id: number) => getProfileById(id),
  update: async (id: number, input: ProfileInput) =>
    withImageCleanUp(input, await updateProfile(id, input)),
  /** Saves the site's profile, creating it on first save (the dashboard's profile screen). */
  save: async (input: ProfileInput) => withImageCleanUp(input, await saveProfile(input)),
} satisfies EntityService<Profile, ProfileInput> & { save: unknown };
