// The images of an import: every http(s) address the records point to becomes an uploaded image
// of Folio's own (/images/KEY, through the same pipeline as an upload). An address is fetched
// once per run, and not at all when an earlier import already brought it in (its ImportLink
// still points to an existing image). A dry run downloads and checks each image, storing nothing.
import { createUploadedImage, deleteUploadedImage } from "~/models/image.server";
import { importedImageRef, linkImportedImage } from "~/models/import-link.server";
import { imageRef } from "~/utils/image-variants";
import { IMAGE_PATH } from "~/entities/fields";
import { ImageRejected, checkImage, encodeAndStoreImage } from "~/utils/images.server";
import { ImportBackupFailed } from "./import-backup.server";
import type { ImportProblem, ImportProgress } from "./types";
import {
  fetchImage,
  fetchLimitsFromEnv,
  isHttpAddress,
  type FetchLimits,
} from "./fetch-image.server";

/** How many images are downloaded (and encoded) at a time. */
export const IMAGE_CONCURRENCY = 4;

/** What a dry run puts in place of an image it would store (never written anywhere). */
export const DRY_RUN_IMAGE = "dry-run:";

export type ImageCounts = { fetched: number; reused: number; failed: number };

export type ImageOptions = {
  dryRun: boolean;
  /** Called before the first thing is stored (the backup). */
  beforeWrite: () => Promise<void>;
  onProgress?: (progress: ImportProgress) => void;
  limits?: FetchLimits;
  /**
   * Whether an image imported earlier is still there when the images are fetched: a dry run of
   * `replace` says no for the images the deleted rows would take with them.
   */
  survives?: (ref: string) => boolean;
};

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

/** Whether `value` is an address the importer downloads (not empty, not already local). */
export const isRemoteImage = (value: string) => value !== "" && !IMAGE_PATH.test(value);

/**
 * Resolves every remote address in `addresses`: a map from address to its local reference
 * (`/images/KEY`, or a DRY_RUN_IMAGE placeholder), with no entry for an image that failed (a
 * problem says why). Errors from `beforeWrite` (the backup) are thrown: nothing may be stored.
 */
export async function importImages(
  addresses: Iterable<string>,
  options: ImageOptions,
): Promise<{ refs: Map<string, string>; counts: ImageCounts; problems: ImportProblem[] }> {
  const unique = [...new Set(addresses)].filter(isRemoteImage);
  const refs = new Map<string, string>();
  const counts: ImageCounts = { fetched: 0, reused: 0, failed: 0 };
  const problems: ImportProblem[] = [];
  const limits = options.limits ?? fetchLimitsFromEnv();
  let done = 0;
  const fail = (address: string, reason: string) => {
    counts.failed += 1;
    problems.push({ kind: "image", subject: address, message: `Image left out: ${reason}` });
  };

  await eachLimited(unique, IMAGE_CONCURRENCY, async (address) => {
    try {
      const earlier = await importedImageRef(address);
      if (earlier && (options.survives?.(earlier) ?? true)) {
        refs.set(address, earlier);
        counts.reused += 1;
        return;
      }
      if (!isHttpAddress(address)) return fail(address, "not an http(s) address");
      const fetched = await fetchImage(address, limits);
      if (!fetched.ok) return fail(address, fetched.reason);
      if (options.dryRun) {
        await checkImage(fetched.bytes);
        refs.set(address, `${DRY_RUN_IMAGE}${address}`);
      } else {
        await options.beforeWrite();
        refs.set(address, await storeImage(address, fetched.bytes));
      }
      counts.fetched += 1;
    } catch (error) {
      if (error instanceof ImageRejected) return fail(address, error.reason);
      if (error instanceof ImportBackupFailed) throw error;
      fail(address, (error as Error)?.message ?? String(error));
    } finally {
      done += 1;
      options.onProgress?.({ kind: "image", done, total: unique.length });
    }
  });
  return { refs, counts, problems };
}

/** Encodes and stores the bytes like an upload, and remembers the address. */
async function storeImage(address: string, bytes: Buffer): Promise<string> {
  const encoded = await encodeAndStoreImage(bytes);
  try {
    await createUploadedImage(encoded);
    await linkImportedImage(address, encoded.key);
  } catch (error) {
    await deleteUploadedImage(encoded.key);
    throw error;
  }
  return imageRef(encoded.key);
}
