import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { buttonClass } from "~/components/dialog";
import { FormResultMessage, useSchemaForm } from "~/components/form-result";
import {
  Field,
  PreviewButton,
  usePreviewing,
  type FieldSpec,
} from "~/components/admin/entity-form";
import { inputClass } from "~/components/form";
import { Image } from "~/components/image";
import { UnsavedChanges } from "~/components/unsaved-changes";
import {
  LINK_REQUIRED_MESSAGE,
  MAX_GALLERY_IMAGES,
  PROJECT_ADD_FIELDS,
  PROJECT_EDIT_FIELDS,
  storedDateNote,
} from "~/entities/project";
import type { FormResult, ResultDialog } from "~/utils/form-result";
import { useHydrated } from "~/utils/use-hydrated";
import { keptFieldName, keptRefsOf, REMOVE_KEPT } from "~/utils/kept-uploads";
import { THUMBNAIL_SLOT, type ImageDetails } from "~/entities/image-detail";
import {
  detailValues,
  ImageDetailFields,
  typedDetails,
} from "~/components/admin/image-detail-fields";

export { PROJECT_ADD_URL, PROJECTS, projectEditUrl, projectViewUrl } from "~/entities/project";

/** Text values of the project form (what the owner typed, sent back after a failed submit). */
export type ProjectFormValues = Partial<Record<string, string>>;

/** The spec's warning when neither link was given (section 5); other errors show beside fields. */
export function validationDialog(
  errors: Record<string, string>,
): (Omit<ResultDialog, "kind"> & { kind: "warning" }) | undefined {
  return errors.liveView === LINK_REQUIRED_MESSAGE
    ? { kind: "warning", title: "Validation Error", text: LINK_REQUIRED_MESSAGE }
    : undefined;
}

/** The spec's 'Uploading...' dialog with a loader (JavaScript only: a modal while files upload). */
export function UploadingDialog({ text = "Please wait while the images upload." }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="uploading-title"
      aria-busy="true"
      data-testid="uploading-dialog"
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-2xl"
    >
      <div
        aria-hidden
        className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <h2 id="uploading-title" className="mt-4 text-xl font-semibold text-slate-900">
        Uploading...
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </dialog>
  );
}

/** True while this page's form is being submitted with at least one chosen file. */
function useUploading(action: string) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const withFiles =
    submitting &&
    [...(navigation.formData?.values() ?? [])].some((v) => v instanceof File && v.size > 0);
  return { submitting, withFiles };
}

/** The id of a field's input, for the error summary's links (file inputs are `${name}-file`). */
const projectFieldId = (formId: string) => (name: string) =>
  ["thumbnail", "newThumbnail", "images", "newImages", "ogImage", "newOgImage"].includes(name)
    ? `${name}-file`
    : `${formId}-${name}`;

/** The declared fields grouped by their section, in order of first appearance. */
function sectionsOf(specs: FieldSpec[]): Array<[string, FieldSpec[]]> {
  const sections = new Map<string, FieldSpec[]>();
  for (const spec of specs) {
    const title = spec.section ?? "";
    sections.set(title, [...(sections.get(title) ?? []), spec]);
  }
  return [...sections];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-4 md:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-700">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A file input for images, with a JavaScript check of the count and previews of the choice. */
function ImageFileField({
  label,
  name,
  multiple = false,
  max = 1,
  error,
  hint,
  resetOn,
}: {
  label: string;
  name: string;
  multiple?: boolean;
  max?: number;
  error?: string;
  hint?: string;
  /** A new server answer: its files were stored (kept) or refused (named), so the input empties. */
  resetOn?: unknown;
}) {
  const [previews, setPreviews] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  useEffect(() => {
    if (!resetOn || !input.current) return;
    input.current.value = "";
    setPreviews([]);
  }, [resetOn]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    const notImage = files.find((f) => !f.type.startsWith("image/"));
    event.currentTarget.setCustomValidity(
      notImage
        ? `${notImage.name} is not an image file`
        : files.length > max
          ? `Choose at most ${max} images`
          : "",
    );
    event.currentTarget.reportValidity();
    setPreviews(files.filter((f) => f.type.startsWith("image/")).map(URL.createObjectURL));
  };
  const id = `${name}-file`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        name={name}
        accept="image/*"
        multiple={multiple}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700`}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {previews.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label} preview`}>
          {previews.map((url) => (
            <li key={url}>
              {/* A local preview of a chosen file (a blob: URL, not a stored image). */}
              <img src={url} alt="" className="h-16 w-24 rounded-md object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export type ExistingImages = { thumbnail: string; images: string[]; ogImage?: string };

/** An upload a refused submit stored: shown, sent back in a hidden field, removable. */
function KeptUpload({ field, src, label }: { field: string; src: string; label: string }) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="kept-upload">
      <input type="hidden" name={keptFieldName(field)} value={src} />
      <Image
        src={src}
        alt={`${label}, already uploaded`}
        sizes="160px"
        className="h-20 w-32 rounded-md object-cover"
      />
      <p className="text-xs text-slate-600">{label}: already uploaded, saved with the form</p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={REMOVE_KEPT} value={src} />
        Remove {label.charAt(0).toLowerCase() + label.slice(1)}
      </label>
    </div>
  );
}

/**
 * The Add Portfolio / Edit Project form: every field of the project entity, a thumbnail and up
 * to 4 gallery images. A plain multipart form (works without JavaScript); with JavaScript it
 * shows the 'Uploading...' dialog while files upload and checks file types and counts early.
 */
export function ProjectForm({
  mode,
  action,
  categories,
  defaults = {},
  result,
  existing,
  details,
  storedDate,
  formKey,
  cardPreview,
}: {
  mode: "add" | "edit";
  action: string;
  categories: string[];
  /** The saved record's values (edit). */
  defaults?: ProjectFormValues;
  /** The action's answer (what was typed, the field messages, the dialog). */
  result?: FormResult;
  existing?: ExistingImages;
  /** The saved alt text, caption and focal point of the images (by address). */
  details?: ImageDetails;
  /** Edit: the stored date when it is not an ISO date (the old backend's free text). */
  storedDate?: string;
  formKey?: string;
  /** Edit: the address of the project's automatic social card ('' for a draft). */
  cardPreview?: string;
}) {
  const hydrated = useHydrated();
  const { submitting, withFiles } = useUploading(action);
  const previewing = usePreviewing();
  const editing = mode === "edit";
  // The model checks the project on the server (uploads, the category list): the browser keeps
  // Conform's state of what was typed and the server's messages, and its own `required` checks
  // (no onValidate: validating on blur would send the files to the server).
  const [form, fields] = useSchemaForm<Record<string, string | string[]>>({
    id: `project-${mode}`,
    lastResult: result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  const typed = form.initialValue ?? {};
  const v = (name: string) => {
    const value = typed[name];
    return typeof value === "string" ? value : "";
  };
  const errors: Record<string, string | undefined> = {};
  for (const name of Object.keys(form.allErrors)) errors[name] = fields[name]?.errors?.[0];
  const fieldSpecs = editing ? PROJECT_EDIT_FIELDS : PROJECT_ADD_FIELDS;
  // The skills are the category names, and the project's own when it is not one (its category
  // gone, or a skill the old backend stored): kept as long as the owner does not change it.
  const ownSkill = v("skill") && !categories.includes(v("skill")) ? v("skill") : "";
  const skillField: FieldSpec = {
    ...fieldSpecs.find((spec) => spec.name === "skill")!,
    options: [
      ...categories.map((name) => ({ value: name, label: name })),
      ...(ownSkill ? [{ value: ownSkill, label: `${ownSkill} (not a category)` }] : []),
    ],
    hint: categories.length ? undefined : "Add a category first: skills come from it.",
  };
  const dateField: FieldSpec = {
    ...fieldSpecs.find((spec) => spec.name === "date")!,
    ...(storedDate ? { hint: storedDateNote(storedDate) } : {}),
  };
  const fieldOf = (spec: FieldSpec) =>
    spec.name === "skill" ? skillField : spec.name === "date" ? dateField : spec;
  const currentImages = existing?.images ?? [];
  const removedValue = typed.removeImages;
  const removed = new Set(
    Array.isArray(removedValue) ? removedValue : removedValue ? [removedValue] : [],
  );
  // Uploads a refused submit stored (sent back under the file inputs' names) and what was typed
  // beside each image.
  const thumbnailField = editing ? "newThumbnail" : "thumbnail";
  const imagesField = editing ? "newImages" : "images";
  // (the answer's own values: with JavaScript Conform keeps the typed state in the inputs)
  const answered = result?.initialValue ?? undefined;
  const keptThumbnail = keptRefsOf(answered, thumbnailField)[0];
  const keptImages = keptRefsOf(answered, imagesField);
  const typedDetail = typedDetails(answered);
  const ogImageField = editing ? "newOgImage" : "ogImage";
  const keptOgImage = keptRefsOf(answered, ogImageField)[0];
  return (
    <>
      <FormResultMessage result={result} form={form} idOf={projectFieldId(form.id)} />
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      {hydrated && submitting && withFiles ? <UploadingDialog /> : null}
      <Form
        key={formKey}
        method="post"
        action={action}
        encType="multipart/form-data"
        className="flex flex-col gap-5"
        {...getFormProps(form)}
        noValidate={false}
      >
        {sectionsOf(fieldSpecs).map(([title, specs]) => (
          <Section key={title} title={title}>
            {specs.map((spec) => (
              <Field
                key={spec.name}
                field={fieldOf(spec)}
                meta={fields[spec.name] as FieldMetadata<string>}
                preview={result?.previews?.[spec.name]}
              />
            ))}
          </Section>
        ))}
        <Section title="Images">
          <div className="flex flex-col gap-3">
            {editing && existing?.thumbnail ? (
              <figure className="flex items-center gap-3">
                <Image
                  src={existing.thumbnail}
                  alt="Current thumbnail"
                  sizes="128px"
                  className="h-20 w-32 rounded-lg object-cover"
                />
                <figcaption className="text-sm text-slate-600">
                  Current thumbnail (kept unless you choose a new file)
                </figcaption>
              </figure>
            ) : null}
            {editing ? (
              <input type="hidden" name="thumbnail" value={existing?.thumbnail ?? ""} />
            ) : null}
            {keptThumbnail ? (
              <KeptUpload field={thumbnailField} src={keptThumbnail} label="New thumbnail" />
            ) : null}
            <ImageFileField
              label={editing ? "New Thumbnail" : "Thumbnail"}
              name={thumbnailField}
              error={errors.thumbnail ?? errors.newThumbnail}
              hint="An image file (JPEG, PNG, WebP, AVIF or GIF)"
              resetOn={result}
            />
            <ImageDetailFields
              formId={form.id}
              index={0}
              src={THUMBNAIL_SLOT}
              label="Thumbnail"
              values={detailValues(THUMBNAIL_SLOT, typedDetail, details, existing?.thumbnail)}
              errors={errors}
              preview={
                keptThumbnail || existing?.thumbnail ? (
                  <Image
                    src={keptThumbnail || existing?.thumbnail || ""}
                    alt=""
                    sizes="160px"
                    className="w-full rounded-md"
                  />
                ) : undefined
              }
            />
          </div>
          <div className="flex flex-col gap-3">
            {editing && currentImages.length ? (
              <ul className="grid grid-cols-2 gap-3" aria-label="Current portfolio images">
                {currentImages.map((src, index) => (
                  <li
                    key={src}
                    className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2"
                  >
                    <input type="hidden" name="existingImages" value={src} />
                    <Image
                      src={src}
                      alt={`Portfolio image ${index + 1}`}
                      sizes="160px"
                      className="h-20 w-full rounded-md object-cover"
                    />
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="removeImages"
                        value={src}
                        defaultChecked={removed.has(src)}
                      />
                      Remove image {index + 1}
                    </label>
                    {keptRefsOf(answered, `replaceImage${index}`).map((ref) => (
                      <KeptUpload
                        key={ref}
                        field={`replaceImage${index}`}
                        src={ref}
                        label={`Replacement of image ${index + 1}`}
                      />
                    ))}
                    <label className="flex flex-col gap-1 text-xs text-slate-600">
                      Replace image {index + 1}
                      <input
                        type="file"
                        name={`replaceImage${index}`}
                        accept="image/*"
                        className="text-xs"
                      />
                    </label>
                    <ImageDetailFields
                      formId={form.id}
                      index={1 + index}
                      src={src}
                      label={`Image ${index + 1}`}
                      values={detailValues(src, typedDetail, details)}
                      errors={errors}
                      preview={
                        <Image src={src} alt="" sizes="160px" className="w-full rounded-md" />
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {keptImages.length ? (
              <ul className="grid grid-cols-2 gap-3" aria-label="Already uploaded images">
                {keptImages.map((src, index) => (
                  <li
                    key={src}
                    className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2"
                  >
                    <KeptUpload
                      field={imagesField}
                      src={src}
                      label={`Image ${currentImages.length + index + 1}`}
                    />
                    <ImageDetailFields
                      formId={form.id}
                      index={1 + MAX_GALLERY_IMAGES + index}
                      src={src}
                      label={`Image ${currentImages.length + index + 1}`}
                      values={detailValues(src, typedDetail, details)}
                      errors={errors}
                      preview={
                        <Image src={src} alt="" sizes="160px" className="w-full rounded-md" />
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <ImageFileField
              label={editing ? "Add Portfolio Images" : "Portfolio Images"}
              name={imagesField}
              multiple
              max={MAX_GALLERY_IMAGES}
              error={errors.images ?? errors.newImages}
              resetOn={result}
              hint={
                editing
                  ? `Image files only; at most ${MAX_GALLERY_IMAGES} images in all, kept ones included`
                  : `Image files only, at most ${MAX_GALLERY_IMAGES}`
              }
            />
          </div>
        </Section>
        <Section title="Social card">
          <div className="flex flex-col gap-3">
            {editing && existing?.ogImage ? (
              <>
                <figure className="flex items-center gap-3">
                  <Image
                    src={existing.ogImage}
                    alt="Current social card image"
                    sizes="160px"
                    className="h-20 w-38 rounded-lg object-cover"
                  />
                  <figcaption className="text-sm text-slate-600">
                    Current social card image (kept unless you choose a new file or remove it)
                  </figcaption>
                </figure>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="removeOgImage"
                    defaultChecked={v("removeOgImage") === "on"}
                  />
                  Remove the social card image (use the automatic card)
                </label>
              </>
            ) : null}
            {editing ? (
              <input type="hidden" name="currentOgImage" value={existing?.ogImage ?? ""} />
            ) : null}
            {keptOgImage ? (
              <KeptUpload field={ogImageField} src={keptOgImage} label="New social card image" />
            ) : null}
            <ImageFileField
              label="Social card image"
              name={ogImageField}
              error={errors.ogImage ?? errors.newOgImage}
              hint="1200 × 630 works best; leave empty to use the automatic card."
              resetOn={result}
            />
          </div>
          {editing ? (
            cardPreview ? (
              <figure className="flex flex-col gap-1.5">
                {/* The automatic card (a PNG this site renders), shown as it is shared. */}
                <img
                  src={cardPreview}
                  alt="The automatic social card of this project"
                  width={1200}
                  height={630}
                  loading="lazy"
                  data-testid="card-preview"
                  className="h-auto w-full rounded-lg border border-slate-200"
                />
                <figcaption className="text-xs text-slate-600">
                  Automatic card (used when no social card image is set)
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-slate-600">
                Drafts have no automatic card yet: it is made once the project is published.
              </p>
            )
          ) : null}
        </Section>
        <Section title="Publishing">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="draft" defaultChecked={v("draft") === "on"} />
            Draft (hidden from the public site)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="featured" defaultChecked={v("featured") === "on"} />
            Featured (shown first on the public site)
          </label>
        </Section>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={submitting}>
            {submitting && !previewing
              ? withFiles
                ? "Uploading..."
                : "Saving..."
              : editing
                ? "Update Project"
                : "Add Project"}
          </button>
          <PreviewButton disabled={submitting} />
          {editing ? (
            <Link to="/dashboard/admin/projects" className={buttonClass.secondary}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
