import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { hasChanges, type UpdateResult } from "~/entities/fields";
import { profileSchema, type ProfileInput } from "~/entities/profile";

const select = selectOf(profileSchema);

export type Profile = Prisma.ProfileGetPayload<{ select: typeof select }>;

/** The profile (the spec's "first user record"); null before one exists. */
export function getProfile(): Promise<Profile | null> {
  return prisma.profile.findFirst({ select, orderBy: { id: "asc" } });
}

export function listProfiles(): Promise<Profile[]> {
  return prisma.profile.findMany({ select, orderBy: { id: "asc" } });
}

export function getProfileById(id: number): Promise<Profile | null> {
  return prisma.profile.findUnique({ where: { id }, select });
}

/** Saves the profile, creating it on first save. Returns the spec's counts and the previous image. */
export async function saveProfile(
  input: ProfileInput,
): Promise<UpdateResult & { previousImage: string }> {
  const current = await getProfile();
  if (!current) {
    await prisma.profile.create({ data: input });
    return { matchedCount: 1, modifiedCount: 1, previousImage: "" };
  }
  return updateProfile(current.id, input);
}

export async function updateProfile(
  id: number,
  input: Partial<ProfileInput>,
): Promise<UpdateResult & { previousImage: string }> {
  const current = await getProfileById(id);
  if (!current) return { matchedCount: 0, modifiedCount: 0, previousImage: "" };
  if (!hasChanges(current, input))
    return { matchedCount: 1, modifiedCount: 0, previousImage: current.image };
  await prisma.profile.update({ where: { id }, data: input });
  return { matchedCount: 1, modifiedCount: 1, previousImage: current.image };
}
