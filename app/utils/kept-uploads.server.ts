// Puts the uploads a refused form kept (see kept-uploads.ts) back in the form under their file
// input's name, as if just uploaded: only `/images/KEY` references of stored images are taken,
// never a URL or an unknown key.
import { getImageByRef } from "~/models/image.server";
import { imageKeyFromRef } from "./image-variants";
import { keptFieldName, REMOVE_KEPT } from "./kept-uploads";

export type FileInput = { name: string; multiple?: boolean };

const textsOf = (form: FormData, name: string) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .filter(Boolean);

async function storedRefs(refs: string[]): Promise<string[]> {
  const found = await Promise.all(
    refs.map(async (ref) => (imageKeyFromRef(ref) && (await getImageByRef(ref)) ? ref : null)),
  );
  return [...new Set(found.filter((ref): ref is string => ref !== null))];
}

/**
 * The form with each file input's kept uploads merged in: a single input keeps its new upload
 * if one came, else its kept one; a multiple input gets the kept ones first, then the new ones.
 * `discarded` lists the kept uploads the owner removed or a new upload replaced (for
 * removeUnusedImages).
 */
export async function withKeptUploads(
  form: FormData,
  inputs: FileInput[],
): Promise<{ form: FormData; discarded: string[] }> {
  const removed = new Set(textsOf(form, REMOVE_KEPT));
  const merged = new FormData();
  const names = new Set(inputs.flatMap(({ name }) => [name, keptFieldName(name)]));
  for (const [name, value] of form) if (!names.has(name)) merged.append(name, value);
  const discarded: string[] = [];
  for (const { name, multiple = false } of inputs) {
    const fresh = textsOf(form, name);
    const kept = await storedRefs(textsOf(form, keptFieldName(name)));
    const usable = kept.filter((ref) => !removed.has(ref));
    discarded.push(...kept.filter((ref) => removed.has(ref)));
    let values: string[];
    if (multiple) values = [...usable, ...fresh];
    else if (fresh.length) {
      values = fresh.slice(0, 1);
      discarded.push(...usable);
    } else values = usable.slice(0, 1);
    for (const value of values) merged.append(name, value);
  }
  return { form: merged, discarded };
}
