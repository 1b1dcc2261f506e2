import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import {
  PROJECT_ADD_URL,
  PROJECTS,
  ProjectForm,
  validationDialog,
} from "~/components/admin/project-form";
import { useFormResult } from "~/components/form-result";
import { listCategories } from "~/models/category.server";
import { removeUnusedImages } from "~/models/image.server";
import { MAX_GALLERY_IMAGES, PROJECT_ADD_FIELDS } from "~/entities/project";
import { projectService } from "~/entities/project.server";
import { validateProject } from "~/models/project.server";
import { projectFromForm } from "~/utils/project-form.server";
import { requireOwner } from "~/utils/auth.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";
import { withKeptUploads, type FileInput } from "~/utils/kept-uploads.server";
import { entriesFor, imageDetailsFromForm } from "~/utils/image-details-form.server";
import { saveImageDetails } from "~/models/image-detail.server";
import { THUMBNAIL_SLOT } from "~/entities/image-detail";
import { redirectWithToast } from "~/utils/toast.server";
import {
  formResult,
  isPreviewIntent,
  previewResult,
  typedSubmission,
} from "~/utils/form-result.server";
import { markdownFieldsOf } from "~/entities/form-fields";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Add Portfolio");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const categories = await listCategories();
  return json({ categories: categories.map((c) => c.name) });
}

/** The file inputs; their accepted uploads are kept when the form is refused. */
const FILE_INPUTS: FileInput[] = [
  { name: "thumbnail" },
  { name: "images", multiple: true },
  { name: "ogImage" },
];

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  let uploaded: string[] = [];
  let typed = typedSubmission({});
  try {
    const parsed = await parseFormWithImages(request, {
      fields: ["thumbnail", "images", "ogImage"],
      maxFilesPerField: { thumbnail: 1, images: MAX_GALLERY_IMAGES, ogImage: 1 },
      keepAccepted: true,
    });
    uploaded = parsed.uploaded;
    const { form, discarded } = await withKeptUploads(parsed.form, FILE_INPUTS);
    await removeUnusedImages(discarded);
    typed = typedSubmission(form);
    // Preview: the Markdown fields rendered, nothing saved, the uploads kept as on a refusal.
    if (isPreviewIntent(form)) return previewResult(form, markdownFieldsOf(PROJECT_ADD_FIELDS));
    const result = await validateProject(projectFromForm(form), "create");
    const details = imageDetailsFromForm(form, (src) =>
      src === THUMBNAIL_SLOT ? String(form.get("thumbnail") ?? "").trim() : src,
    );
    if (!result.ok || Object.keys(details.errors).length) {
      // The accepted uploads stay stored: the form shows them as already uploaded and sends
      // them back (the image prune job removes them if the owner never saves).
      const errors = { ...(result.ok ? {} : result.errors), ...details.errors };
      return formResult(typed, { fieldErrors: errors, ...validationDialog(errors) });
    }
    await projectService.create(result.input);
    await saveImageDetails(
      entriesFor(details.entries, [result.input.thumbnail, ...result.input.images]),
    );
    return redirectWithToast(PROJECT_ADD_URL, {
      type: "success",
      title: PROJECTS.addedTitle,
      text: `"${result.input.title}" was added.`,
      dialog: true,
    });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      // A refused file: the accepted ones (and the kept ones) stay, each refused one is named.
      const kept = error.form ? await withKeptUploads(error.form, FILE_INPUTS) : undefined;
      if (kept) await removeUnusedImages(kept.discarded);
      return formResult(typedSubmission(kept?.form ?? error.values), {
        text: error.message,
        fieldErrors: error.fieldErrors("images"),
        status: error.status,
      });
    }
    console.error("Adding a project failed:", error);
    await removeUnusedImages(uploaded).catch(() => undefined);
    return formResult(typed, { text: PROJECTS.addFailedText, status: 500 });
  }
}

/** A key that changes only after a successful add (the redirect), so the form then resets. */
function useResetKey(failed: boolean) {
  const location = useLocation();
  const key = useRef(location.key);
  if (!failed) key.current = location.key;
  return key.current;
}

export default function AddProject() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useFormResult();
  const formKey = useResetKey(Boolean(result));
  return (
    <AdminPage title="Add Portfolio">
      <ProjectForm
        mode="add"
        action={PROJECT_ADD_URL}
        formKey={formKey}
        categories={categories}
        result={result}
      />
    </AdminPage>
  );
}
