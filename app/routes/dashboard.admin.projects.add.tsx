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
import { MAX_GALLERY_IMAGES } from "~/entities/project";
import { projectService } from "~/entities/project.server";
import { validateProject } from "~/models/project.server";
import { projectFromForm } from "~/utils/project-form.server";
import { requireOwner } from "~/utils/auth.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formResult, typedSubmission } from "~/utils/form-result.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Add Portfolio");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const categories = await listCategories();
  return json({ categories: categories.map((c) => c.name) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  let uploaded: string[] = [];
  let typed = typedSubmission({});
  try {
    const parsed = await parseFormWithImages(request, {
      fields: ["thumbnail", "images"],
      maxFilesPerField: { thumbnail: 1, images: MAX_GALLERY_IMAGES },
    });
    uploaded = parsed.uploaded;
    typed = typedSubmission(parsed.form);
    const result = await validateProject(projectFromForm(parsed.form), "create");
    if (!result.ok) {
      await removeUnusedImages(uploaded);
      return formResult(typed, { fieldErrors: result.errors, ...validationDialog(result.errors) });
    }
    await projectService.create(result.input);
    return redirectWithToast(PROJECT_ADD_URL, {
      type: "success",
      title: PROJECTS.addedTitle,
      text: `"${result.input.title}" was added.`,
      dialog: true,
    });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      return formResult(typedSubmission(error.values), {
        text: error.message,
        fieldErrors: { images: error.message },
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
