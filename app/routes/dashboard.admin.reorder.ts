import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { entityOfReorderKey, REORDER_KEYS } from "~/entities/admin";
import { serviceOf } from "~/entities/admin.server";
import { idSchema } from "~/entities/fields";
import { projectEditUrl } from "~/entities/project";
import { moveGalleryImage } from "~/models/ordering.server";
import { requireOwner } from "~/utils/auth.server";
import { BodyRefused, bodyRefusedInit, readForm } from "~/utils/body.server";
import { safeRedirect } from "~/utils/request.server";

const CHOOSE = `Choose what to reorder: ${REORDER_KEYS.join(", ")} or gallery.`;

const reorderSchema = z
  .object({
    entity: z
      .string({ required_error: CHOOSE, invalid_type_error: CHOOSE })
      .refine((key) => key === "gallery" || entityOfReorderKey(key) !== undefined, CHOOSE),
    projectId: z.string().optional(),
    id: z.string().optional(),
    direction: z.string().optional(),
    order: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.entity === "gallery" && !idSchema.safeParse(value.projectId ?? "").success)
      ctx.addIssue({
        code: "custom",
        path: ["projectId"],
        message: "Say which project's gallery to reorder (its id).",
      });
    if (value.order !== undefined && value.order !== "" && value.entity === "gallery")
      ctx.addIssue({ code: "custom", path: ["order"], message: "Move gallery images one step." });
    if (value.order !== undefined && value.order !== "") {
      const ids = value.order.split(",").map((s) => s.trim());
      if (ids.length > 1000 || ids.some((s) => !/^[1-9]\d{0,9}$/.test(s)))
        ctx.addIssue({
          code: "custom",
          path: ["order"],
          message: "The order must be a comma-separated list of ids.",
        });
      return;
    }
    if (!idSchema.safeParse(value.id ?? "").success || !value.id)
      ctx.addIssue({ code: "custom", path: ["id"], message: "Say which item to move (its id)." });
    if (value.direction !== "up" && value.direction !== "down")
      ctx.addIssue({
        code: "custom",
        path: ["direction"],
        message: "The direction must be up or down.",
      });
  });

const badRequest = (error: string, status = 400) => json({ ok: false, error }, { status });

/** Back to the list the owner came from: a /dashboard path, else the entity's list. */
function backTo(redirectTo: string | undefined, fallback: string) {
  const to = safeRedirect(redirectTo, fallback);
  return to === "/dashboard" || to.startsWith("/dashboard/") || to.startsWith("/dashboard?")
    ? to
    : fallback;
}

/**
 * POST /dashboard/admin/reorder: moves one row up or down (`id`, `direction`) or sets a whole
 * order (`order` = comma-separated ids, drag and drop). With `redirectTo` (the no-JS buttons) it
 * redirects back to the list; without it (a fetcher) it answers JSON and the page revalidates.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    return json({ ok: false, error: error.message }, bodyRefusedInit(error));
  }
  const fields = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = reorderSchema.safeParse(fields);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid request.");
  const { entity, id, direction, order, redirectTo, projectId } = parsed.data;

  if (entity === "gallery") {
    const found = await moveGalleryImage(Number(projectId), Number(id), direction as "up" | "down");
    if (!found) return badRequest("That image is not in this project's gallery.", 404);
    if (redirectTo === undefined) return json({ ok: true });
    return redirect(backTo(redirectTo, projectEditUrl(Number(projectId))));
  }

  const list = entityOfReorderKey(entity);
  const service = list && serviceOf(list);
  if (!list || !service?.move || !service.setOrder) return badRequest(CHOOSE);

  if (order) {
    const written = await service.setOrder(order.split(",").map((s) => Number(s.trim())));
    if (redirectTo !== undefined) return redirect(backTo(redirectTo, list.listUrl));
    return json({ ok: true, order: written });
  }

  const found = await service.move(Number(id), direction as "up" | "down");
  if (!found) return badRequest("That item does not exist (it may have been deleted).", 404);
  if (redirectTo !== undefined) return redirect(backTo(redirectTo, list.listUrl));
  return json({ ok: true });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return redirect("/dashboard");
}
