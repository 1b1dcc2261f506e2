import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { SERVICES } from "~/entities/service";
import { EntityForm } from "~/components/admin/entity-form";
import { SERVICE_FIELDS } from "~/entities/service";
import { serviceSchema } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { handleUpdate, requireRecord } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Edit Feather");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({ service: await requireRecord(SERVICES, params.id, serviceService.get) });
}

export async function action(args: ActionFunctionArgs) {
  return handleUpdate(args, {
    entity: SERVICES,
    schema: serviceSchema,
    update: serviceService.update,
    nameOf: (service) => service.title,
  });
}

/** decisions.md: Cancel goes to the services list (the old app's /dashboard/allfeather was dead). */
export default function EditFeather() {
  const { service } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Edit Feather" width="narrow">
      <EntityForm
        key={service.id}
        fields={SERVICE_FIELDS}
        schema={serviceSchema}
        defaults={service}
        submitLabel="Update"
        pendingLabel="Updating..."
        cancelHref={SERVICES.listUrl}
      />
    </AdminPage>
  );
}
