import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { buttonClass } from "~/components/dialog";
import { Field, PreviewButton, usePreviewing } from "~/components/admin/entity-form";
import { ErrorSummary } from "~/components/error-summary";
import { inputClass } from "~/components/form";
import { hasFieldErrors, ResultMessage, useSchemaForm } from "~/components/form-result";
import { PROFILE_FIELDS, profileSchema } from "~/entities/profile";
import type { FormResult, ResultDialog } from "~/utils/form-result";
import { Image } from "~/components/image";
import { UnsavedChanges } from "~/components/unsaved-changes";
import { useHydrated } from "~/utils/use-hydrated";
import { keptFieldName, keptRefsOf, REMOVE_KEPT } from "~/utils/kept-uploads";
import { PROFILE_IMAGE_SLOT, type ImageDetails } from "~/entities/image-detail";
import {
  detailValues,
  ImageDetailFields,
  typedDetails,
} from "~/components/admin/image-detail-fields";

export const PROFILE_URL = "/dashboard/admin/profile";
/** The owner-only endpoint that stores a chosen profile picture at once (JavaScript only). */
export const UPLOAD_IMAGE_URL = "/dashboard/admin/upload-image";

export type ProfileFormValues = Partial<Record<string, string>>;
export type UploadImageData = { success: true; url: string } | { success: false; error: string };

/**
 * The profile picture: a round preview and a file input for image files only. Without JavaScript
 * the file goes with the profile form (`imageFile`). With JavaScript choosing a file uploads it
 * at once ('Uploading...', then 'Image Uploaded!' / 'Profile picture updated') and puts its
 * reference in the form's hidden `image` input: it is saved only with 'Update Profile'.
 */
function ProfileImageField({
  savedImage,
  initialImage,
  keptImage,
  error,
  onResult,
}: {
  savedImage: string;
  initialImage: string;
  /** A picture a refused submit stored (no JavaScript): shown, sent back, removable. */
  keptImage?: string;
  error?: string;
  onResult: (dialog: ResultDialog) => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<UploadImageData>();
  const [image, setImage] = useState(keptImage || initialImage);
  const [kept, setKept] = useState(keptImage);
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    setImage(keptImage || initialImage);
    setKept(keptImage);
  }, [initialImage, keptImage]);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.success) {
      setImage(data.url);
      setKept(undefined); // the new upload replaces a kept one
      onResult({ kind: "success", title: "Image Uploaded!", text: "Profile picture updated" });
    } else {
      onResult({ kind: "error", title: "Error!", text: data.error || "Image upload failed" });
    }
    setPicked(null);
  }, [fetcher.state, fetcher.data, onResult]);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);

  const uploading = fetcher.state !== "idle";
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!hydrated) return;
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    input.value = ""; // the file is sent now, not again with the profile form
    if (!file.type.startsWith("image/")) {
      onResult({
        kind: "error",
        title: "Error!",
        text: "Image upload failed: choose an image file",
      });
      return;
    }
    setPicked(URL.createObjectURL(file));
    const body = new FormData();
    body.append("image", file);
    // An earlier upload that was never saved is discarded (the saved picture is always kept).
    if (image && image !== savedImage) body.append("discard", image);
    fetcher.submit(body, {
      method: "post",
      action: UPLOAD_IMAGE_URL,
      encType: "multipart/form-data",
    });
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <input type="hidden" name="image" value={kept ? initialImage : image} />
      {kept ? <input type="hidden" name={keptFieldName("imageFile")} value={kept} /> : null}
      <div className="relative h-28 w-28 shrink-0 overflow-hidden rounded-full border-4 border-white bg-slate-100 shadow ring-1 ring-slate-200">
        {picked ? (
          // The chosen file while it uploads (a local blob: URL, not a stored image).
          <img src={picked} alt="" className="h-full w-full object-cover opacity-60" />
        ) : image ? (
          <Image
            src={image}
            alt="Profile picture"
            sizes="112px"
            className="h-full w-full object-cover"
            data-testid="profile-image-preview"
          />
        ) : (
          <span
            className="grid h-full w-full place-items-center text-3xl text-slate-400"
            aria-hidden
          >
            ☺
          </span>
        )}
        {uploading ? (
          <span className="absolute inset-0 grid place-items-center bg-white/60">
            <span
              aria-hidden
              className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
            />
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor="profile-image-file" className="text-sm font-medium text-slate-700">
          Profile Image
        </label>
        <input
          id="profile-image-file"
          type="file"
          name="imageFile"
          accept="image/*"
          onChange={onChange}
          disabled={uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "profile-image-error" : "profile-image-hint"}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700`}
        />
        {uploading ? (
          <p role="status" className="text-sm font-medium text-brand-700">
            Uploading...
          </p>
        ) : error ? (
          <p id="profile-image-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id="profile-image-hint" className="text-xs text-slate-500">
            Image files only (JPEG, PNG, WebP, AVIF or GIF). Saved with Update Profile.
          </p>
        )}
        {kept ? (
          <>
            <p className="text-xs text-slate-600" data-testid="kept-upload">
              New picture: already uploaded, saved with Update Profile
            </p>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={REMOVE_KEPT} value={kept} />
              Do not use the new picture
            </label>
          </>
        ) : image ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="removeImage" />
            Remove the profile image
          </label>
        ) : null}
      </div>
    </div>
  );
}

/** The Profile screen's form: every profile field, 'Update Profile'. */
export function ProfileForm({
  defaults,
  savedImage,
  details,
  result,
}: {
  /** The saved profile's values. */
  defaults: ProfileFormValues;
  savedImage: string;
  /** The saved picture's alt text, caption and focal point. */
  details?: ImageDetails;
  /** The action's answer (what was typed, the field messages, the dialog). */
  result?: FormResult;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === PROFILE_URL;
  const previewing = usePreviewing();
  const [form, fields] = useSchemaForm({
    id: "profile",
    schema: profileSchema,
    lastResult: result,
    defaultValue: defaults,
  });
  // The dialog on screen: the last action's answer, or the last upload's result (a new object
  // each time, so the same message twice still shows twice).
  const [shown, setShown] = useState<ResultDialog | null>(result?.dialog ?? null);
  useEffect(() => setShown(result?.dialog ?? null), [result]);
  const image = fields.image.initialValue;
  const answered = result?.initialValue ?? undefined;
  const keptImage = keptRefsOf(answered, "imageFile")[0];
  const typedDetail = typedDetails(answered);
  const detailErrors: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) detailErrors[name] = messages[0];
  return (
    <>
      {shown ? <ResultMessage dialog={shown} /> : null}
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form
        method="post"
        action={PROFILE_URL}
        encType="multipart/form-data"
        className="flex flex-col gap-5"
        {...getFormProps(form)}
        onSubmit={(event) => {
          setShown(null);
          form.onSubmit(event);
        }}
      >
        <ErrorSummary
          errors={form.allErrors}
          answer={hasFieldErrors(result) ? result : undefined}
          idOf={(name) => (name === "image" ? "profile-image-file" : `${form.id}-${name}`)}
        />
        <ProfileImageField
          savedImage={savedImage}
          initialImage={typeof image === "string" ? image : ""}
          keptImage={keptImage}
          error={fields.image.errors?.[0]}
          onResult={setShown}
        />
        <ImageDetailFields
          formId={form.id}
          index={0}
          src={PROFILE_IMAGE_SLOT}
          label="Profile picture"
          values={detailValues(PROFILE_IMAGE_SLOT, typedDetail, details, savedImage)}
          errors={detailErrors}
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {PROFILE_FIELDS.map((field) => (
            <Field
              key={field.name}
              field={field}
              meta={fields[field.name as keyof typeof fields] as FieldMetadata<string>}
              preview={result?.previews?.[field.name]}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={submitting}>
            {submitting && !previewing ? "Saving..." : "Update Profile"}
          </button>
          <PreviewButton disabled={submitting} />
        </div>
      </Form>
    </>
  );
}
