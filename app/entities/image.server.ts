// Image clean-up after content changed: the uploaded images a save or delete left unused are
// removed, with the details (alt text, caption, focal point) of every image no longer used. A failed clean-up never fails the save (the prune job retries later); it is logged.
import { removeUnusedImageDetails } from "~/models/image-detail.server";
import { removeUnusedImages } from "~/models/image.server";

export async function cleanUpImages(refs: string[], what: string): Promise<void> {
  const used = refs.filter(Boolean);
  if (used.length === 0) return;
  await Promise.all([removeUnusedImages(used), removeUnusedImageDetails(used)]).catch(
    (error: unknown) => console.error(`Cleaning up the images of ${what} failed:`, error),
  );
}
