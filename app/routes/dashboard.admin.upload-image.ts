import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { UploadImageData } from "~/components/admin/profile-form";
import { removeUnusedImages } from "~/models/image.server";
import { requireOwner, requireOwnerJson } from "~/utils/auth.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";

/** Only POST: a GET from the owner is answered 405, an anonymous one goes to /login. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  throw new Response("Upload an image with POST.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * The profile screen's immediate upload (JavaScript only): stores the `image` file as an
 * optimized image and answers its reference. Nothing is saved to the profile here. A previous
 * unsaved upload passed as `discard` is deleted unless something references it.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireOwnerJson(request);
  try {
    const { form, uploaded } = await parseFormWithImages(request, {
      fields: ["image"],
      maxFilesPerField: { image: 1 },
    });
    const url = form.get("image");
    if (typeof url !== "string" || url === "" || !uploaded.includes(url)) {
      await removeUnusedImages(uploaded);
      return json<UploadImageData>(
        { success: false, error: "Image upload failed: choose an image file" },
        { status: 400 },
      );
    }
    const discard = form.get("discard");
    if (typeof discard === "string" && discard !== "" && discard !== url) {
      await removeUnusedImages([discard]);
    }
    return json<UploadImageData>({ success: true, url });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      return json<UploadImageData>(
        { success: false, error: error.message },
        { status: error.status },
      );
    }
    console.error("Uploading a profile image failed:", error);
    return json<UploadImageData>(
      { success: false, error: "Image upload failed: something went wrong, try again" },
      { status: 500 },
    );
  }
}
