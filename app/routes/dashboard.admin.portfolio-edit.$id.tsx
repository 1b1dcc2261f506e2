import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import {
  PROJECTS,
  ProjectForm,
  projectEditUrl,
  validationDialog,
  type ProjectFormValues,
} from "~/components/admin/project-form";
import { useFormResult } from "~/components/form-result";
import { GalleryOrder } from "~/components/admin/reorder-controls";
import { listCategories } from "~/models/category.server";
import { galleryImages } from "~/models/ordering.server";
import { parseId } from "~/entities/fields";
import { removeUnusedImages } from "~/models/image.server";
import {
  isIsoDate,
  MAX_GALLERY_IMAGES,
  PROJECT_EDIT_FIELDS,
  storedDateNote,
} from "~/entities/project";
import { NO_CHANGES_TEXT, NO_CHANGES_TITLE } from "~/entities/entity";
import { projectService } from "~/entities/project.server";
import type { UpdateResult } from "~/entities/fields";
import { getProject, validateProject, type ProjectDetail } from "~/models/project.server";
import { imagesOfEditForm, projectFromForm } from "~/utils/project-form.server";
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
import { THUMBNAIL_SLOT } from "~/entities/image-detail";
import {
  formResult,
  isPreviewIntent,
  previewResult,
  typedSubmission,
} from "~/utils/form-result.server";
import { markdownFieldsOf } from "~/entities/form-fields";
import { dashboardMeta } from "~/utils/page-title";
import { cardUrl, DEFAULT_CARD_THEME } from "~/utils/social-card";
import { projectCard } from "~/utils/social-card.server";

export const meta: MetaFunction = () => dashboardMeta("Edit Project");

/** The file inputs of the edit form: a new thumbnail, replacements, and new gallery images. */
const FILE_FIELDS = [
  "newThumbnail",
  "newImages",
  "newOgImage",
  ...Array.from({ length: MAX_GALLERY_IMAGES }, (_, i) => `replaceImage${i}`),
];
/** The same inputs for the uploads a refused form keeps. */
const FILE_INPUTS: FileInput[] = FILE_FIELDS.map((name) => ({
  name,
  multiple: name === "newImages",
}));

/** A refused file's message shows under the new-images input, a replacement's included. */
function fileErrorsShown(errors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, text] of Object.entries(errors)) {
    const at = name.startsWith("replaceImage") ? "newImages" : name;
    shown[at] = shown[at] ? `${shown[at]} ${text}` : text;
  }
  return shown;
}

async function projectOr404(id: string | undefined): Promise<ProjectDetail> {
  const parsed = parseId(id);
  const project = parsed === null ? null : await getProject(parsed, { includeDrafts: true });
  if (!project) throw new Response("This project does not exist.", { status: 404 });
  return project;
}

function valuesOf(project: ProjectDetail): ProjectFormValues {
  return {
    title: project.title,
    subtitle: project.subtitle,
    clientName: project.clientName,
    // A free-text date of the old backend ("Spring 2021") cannot fill a date input: the form
    // says what is stored instead (storedDate).
    date: isIsoDate(project.date) ? project.date : "",
    service: project.service,
    budget: project.budget === null ? "" : String(project.budget),
    strategy: project.strategy,
    design: project.design,
    userExperience: project.userExperience,
    shortDescription: project.shortDescription,
    longDescription: project.longDescription,
    liveView: project.liveView,
    sourceCode: project.sourceCode,
    skill: project.skill,
    level: project.level,
    draft: project.draft ? "on" : "",
    featured: project.featured ? "on" : "",
  };
}

/** The address of a published project's automatic social card ('' for a draft). */
async function cardPreviewOf(id: number): Promise<string> {
  const target = await projectCard(id, DEFAULT_CARD_THEME);
  return target ? cardUrl({ project: id }, target.card) : "";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const project = await projectOr404(params.id);
  const categories = await listCategories();
  return json({
    project: { id: project.id, title: project.title },
    existing: { thumbnail: project.thumbnail, images: project.images, ogImage: project.ogImage },
    // The automatic card (its preview on the form): only published projects have one.
    cardPreview: await cardPreviewOf(project.id),
    details: await getImageDetails([project.thumbnail, ...project.images]),
    gallery: await galleryImages(project.id),
    values: valuesOf(project),
    storedDate: project.date && !isIsoDate(project.date) ? project.date : undefined,
    categories: categories.map((c) => c.name),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireOwner(request);
  const project = await projectOr404(params.id);
  let uploaded: string[] = [];
  let typed = typedSubmission({});
  try {
    const parsed = await parseFormWithImages(request, {
      fields: FILE_FIELDS,
      maxFilesPerField: Object.fromEntries(
        FILE_FIELDS.map((name) => [name, name === "newImages" ? MAX_GALLERY_IMAGES : 1]),
      ),
      keepAccepted: true,
    });
    uploaded = parsed.uploaded;
    const { form, discarded } = await withKeptUploads(parsed.form, FILE_INPUTS);
    await removeUnusedImages(discarded);
    // This request's uploads and the kept ones: those the saved project does not use go.
    uploaded = FILE_FIELDS.flatMap((name) => form.getAll(name).map(String));
    typed = typedSubmission(form);
    // Preview: the Markdown fields rendered, nothing saved, the uploads kept as on a refusal.
    if (isPreviewIntent(form)) return previewResult(form, markdownFieldsOf(PROJECT_EDIT_FIELDS));
    const images = imagesOfEditForm(form);
    const raw = projectFromForm(form, images);
    const result = await validateProject(raw, "update", { currentSkill: project.skill });
    const details = imageDetailsFromForm(form, (src) =>
      src === THUMBNAIL_SLOT ? images.thumbnail : src,
    );
    if (!result.ok || Object.keys(details.errors).length) {
      // The accepted uploads stay stored and show as already uploaded (see Add Portfolio).
      const errors = { ...(result.ok ? {} : result.errors), ...details.errors };
      if (errors.images) errors.newImages = errors.images;
      // The message replaces the field's hint: it keeps saying what is stored.
      if (errors.date && project.date && !isIsoDate(project.date))
        errors.date = `${errors.date}. ${storedDateNote(project.date)}`;
      return formResult(typed, { fieldErrors: errors, ...validationDialog(errors) });
    }
    // (read before the update: it removes the replaced images and their details)
    const detailEntries = await withoutCarriedOver(
      entriesFor(details.entries, [result.input.thumbnail, ...result.input.images]),
      project.thumbnail,
      result.input.thumbnail,
    );
    let update: UpdateResult;
    try {
      // The service also removes the images the project no longer uses.
      update = await projectService.update(project.id, result.input);
    } catch (error) {
      console.error("Updating project", project.id, "failed:", error);
      await removeUnusedImages(uploaded).catch(() => undefined);
      return formResult(typed, { title: "Failed", text: "Failed to update Project", status: 500 });
    }
    if (update.matchedCount === 0) {
      await removeUnusedImages(uploaded);
      throw new Response("This project does not exist.", { status: 404 });
    }
    // Uploads that did not end up in the project (e.g. a replacement for an image that was also
    // marked Remove). Referenced images are kept.
    await removeUnusedImages(uploaded);
    const detailChanges = await saveImageDetails(detailEntries);
    if (update.modifiedCount === 0 && detailChanges === 0) {
      return formResult(typed, { title: NO_CHANGES_TITLE, text: NO_CHANGES_TEXT, status: 200 });
    }
    return redirectWithToast(PROJECTS.listUrl, {
      type: "success",
      title: PROJECTS.updatedTitle ?? "Project Updated Successfully!",
      text: `"${result.input.title}" was updated.`,
      dialog: true,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ImageUploadError) {
      const kept = error.form ? await withKeptUploads(error.form, FILE_INPUTS) : undefined;
      if (kept) await removeUnusedImages(kept.discarded);
      return formResult(typedSubmission(kept?.form ?? error.values), {
        text: error.message,
        fieldErrors: fileErrorsShown(error.fieldErrors("newImages")),
        status: error.status,
      });
    }
    console.error("Editing project", project.id, "failed:", error);
    await removeUnusedImages(uploaded).catch(() => undefined);
    return formResult(typed, { title: "Error", text: "Something went wrong", status: 500 });
  }
}

export default function EditProject() {
  const { project, existing, details, gallery, values, categories, storedDate, cardPreview } =
    useLoaderData<typeof loader>();
  const result = useFormResult();
  return (
    <AdminPage title="Edit Project" description={project.title}>
      <ProjectForm
        mode="edit"
        action={projectEditUrl(project.id)}
        categories={categories}
        defaults={values}
        result={result}
        existing={existing}
        details={details}
        storedDate={storedDate}
        cardPreview={cardPreview}
      />
      <GalleryOrder projectId={project.id} images={gallery} />
    </AdminPage>
  );
}
