import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import {
  PROFILE_URL,
  ProfileForm,
  type ProfileActionData,
  type ProfileFormValues,
} from "~/components/admin/profile-form";
import { removeUnusedImages } from "~/models/image.server";
import { profileSchema } from "~/entities/profile";
import { profileService } from "~/entities/profile.server";
import { getProfile } from "~/models/profile.server";
import { profileFromForm } from "~/utils/profile-form.server";
import { requireOwner } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";
import { fieldErrorsOf, formValues } from "~/utils/validation";

export const meta: MetaFunction = () => [{ title: "Profile | Admin Dashboard" }];

const FAILED = "Failed to update profile";

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
  return json({ values, savedImage: profile?.image ?? "" });
}

const answer = (status: number, data: ProfileActionData) =>
  json<ProfileActionData>(data, { status });

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  let uploaded: string[] = [];
  let values: ProfileFormValues = {};
  try {
    const parsed = await parseFormWithImages(request, {
      fields: ["imageFile"],
      maxFilesPerField: { imageFile: 1 },
    });
    uploaded = parsed.uploaded;
    values = formValues(parsed.form);
    const result = profileSchema.safeParse(profileFromForm(parsed.form));
    if (!result.success) {
      await removeUnusedImages(uploaded);
      const errors = fieldErrorsOf(result.error);
      return answer(400, {
        values,
        errors,
        dialog: { kind: "error", title: "Error!", text: Object.values(errors)[0] ?? FAILED },
      });
    }
    // The service also removes the picture the save replaced.
    const saved = await profileService.save(result.data);
    // Any upload that did not end up in the profile.
    await removeUnusedImages(uploaded);
    if (saved.modifiedCount === 0) {
      return answer(200, {
        values,
        errors: {},
        dialog: {
          kind: "info",
          title: "No Changes Made",
          text: "Nothing was different from what is already saved.",
        },
      });
    }
    return redirectWithToast(PROFILE_URL, {
      type: "success",
      title: "Success!",
      text: "Profile updated successfully",
      dialog: true,
    });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      return answer(error.status, {
        values: error.values,
        errors: { image: error.message },
        dialog: { kind: "error", title: "Error!", text: error.message },
      });
    }
    console.error("Updating the profile failed:", error);
    await removeUnusedImages(uploaded).catch(() => undefined);
    return answer(500, {
      values,
      errors: {},
      dialog: { kind: "error", title: "Error!", text: FAILED },
    });
  }
}

export default function ProfileScreen() {
  const { values, savedImage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Profile"
      description="What visitors see in the navbar, the about section, the footer and the contact page."
      width="narrow"
    >
      <ProfileForm
        values={actionData?.values ?? values}
        savedImage={savedImage}
        errors={actionData?.errors ?? {}}
        dialog={actionData?.dialog}
      />
    </AdminPage>
  );
}
