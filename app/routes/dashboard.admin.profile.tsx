import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { PROFILE_URL, ProfileForm, type ProfileFormValues } from "~/components/admin/profile-form";
import { useFormResult } from "~/components/form-result";
import { removeUnusedImages } from "~/models/image.server";
import { PROFILE_FIELDS, profileSchema } from "~/entities/profile";
import { profileService } from "~/entities/profile.server";
import { getProfile } from "~/models/profile.server";
import { profileFromForm } from "~/utils/profile-form.server";
import { requireOwner } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";
import { withKeptUploads, type FileInput } from "~/utils/kept-uploads.server";
import {
  entriesFor,
  imageDetailsFromForm,
  withoutCarriedOver,
} from "~/utils/image-details-form.server";
import { getImageDetails, saveImageDetails } from "~/models/image-detail.server";
import { PROFILE_IMAGE_SLOT } from "~/entities/image-detail";
import { NO_CHANGES_TEXT, NO_CHANGES_TITLE } from "~/entities/entity";
import {
  formResult,
  isPreviewIntent,
  previewResult,
  typedSubmission,
} from "~/utils/form-result.server";
import { markdownFieldsOf } from "~/entities/form-fields";
import { fieldErrorsOf } from "~/utils/validation";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Profile");

const FAILED = "Failed to update profile";
/** The picture chosen without JavaScript; kept (already uploaded) when the form is refused. */
const FILE_INPUTS: FileInput[] = [{ name: "imageFile" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const profile = await getProfile();
  const values: ProfileFormValues = {
    name: profile?.name ?? "",
    description: profile?.description ?? "",
    email: profile?.email ?? "",
    number: profile?.number ?? "",
    address: profile?.address ?? "",
    image: profile?.image ?? "",
    cv: profile?.cv ?? "",
    facebook: profile?.facebook ?? "",
    github: profile?.github ?? "",
    linkedin: profile?.linkedin ?? "",
  };
  return json({
    values,
    savedImage: profile?.image ?? "",
    details: await getImageDetails([profile?.image ?? ""]),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  let uploaded: string[] = [];
  let typed = typedSubmission({});
  try {
    const parsed = await parseFormWithImages(request, {
      fields: ["imageFile"],
      maxFilesPerField: { imageFile: 1 },
      keepAccepted: true,
    });
    const { form, discarded } = await withKeptUploads(parsed.form, FILE_INPUTS);
    await removeUnusedImages(discarded);
    uploaded = form.getAll("imageFile").map(String);
    typed = typedSubmission(form);
    // Preview: the about text rendered, nothing saved, a chosen picture kept as on a refusal.
    if (isPreviewIntent(form)) return previewResult(form, markdownFieldsOf(PROFILE_FIELDS));
    const raw = profileFromForm(form);
    const result = profileSchema.safeParse(raw);
    const details = imageDetailsFromForm(form, (src) =>
      src === PROFILE_IMAGE_SLOT ? String(raw.image ?? "").trim() : src,
    );
    if (!result.success || Object.keys(details.errors).length) {
      // The picture stays stored and shows as already uploaded.
      const errors = { ...(result.success ? {} : fieldErrorsOf(result.error)), ...details.errors };
      return formResult(typed, { text: Object.values(errors)[0] ?? FAILED, fieldErrors: errors });
    }
    // (read before the save: it removes the replaced picture and its details)
    const detailEntries = await withoutCarriedOver(
      entriesFor(details.entries, [result.data.image]),
      (await getProfile())?.image ?? "",
      result.data.image,
    );
    // The service also removes the picture the save replaced.
    const saved = await profileService.save(result.data);
    // Any upload that did not end up in the profile.
    await removeUnusedImages(uploaded);
    const detailChanges = await saveImageDetails(detailEntries);
    if (saved.modifiedCount === 0 && detailChanges === 0) {
      return formResult(typed, { title: NO_CHANGES_TITLE, text: NO_CHANGES_TEXT, status: 200 });
    }
    return redirectWithToast(PROFILE_URL, {
      type: "success",
      title: "Success!",
      text: "Profile updated successfully",
      dialog: true,
    });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      const kept = error.form ? await withKeptUploads(error.form, FILE_INPUTS) : undefined;
      if (kept) await removeUnusedImages(kept.discarded);
      const { imageFile, ...errors } = error.fieldErrors("image");
      return formResult(typedSubmission(kept?.form ?? error.values), {
        text: error.message,
        fieldErrors: imageFile ? { ...errors, image: imageFile } : errors,
        status: error.status,
      });
    }
    console.error("Updating the profile failed:", error);
    await removeUnusedImages(uploaded).catch(() => undefined);
    return formResult(typed, { text: FAILED, status: 500 });
  }
}

export default function ProfileScreen() {
  const { values, savedImage, details } = useLoaderData<typeof loader>();
  const result = useFormResult();
  return (
    <AdminPage
      title="Profile"
      description="What visitors see in the navbar, the about section, the footer and the contact page."
      width="narrow"
    >
      <ProfileForm defaults={values} savedImage={savedImage} details={details} result={result} />
    </AdminPage>
  );
}
