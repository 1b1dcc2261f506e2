import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-page";
import { SERVICES } from "~/entities/service";
import { EntityForm } from "~/components/admin/entity-form";
import { SERVICE_FIELDS } from "~/entities/service";
import { serviceSchema } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { handleCreate } from "~/utils/admin.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Add Feather");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

export async function action(args: ActionFunctionArgs) {
  return handleCreate(args, {
    entity: SERVICES,
    schema: serviceSchema,
    create: serviceService.create,
    nameOf: (service) => service.title,
  });
}

export default function AddFeather() {
  return (
    <AdminPage title="Add Feather" width="narrow">
      <EntityForm
        fields={SERVICE_FIELDS}
        schema={serviceSchema}
        defaults={{ icon: "code" }}
        submitLabel="Add Feather"
        pendingLabel="Adding..."
      />
    </AdminPage>
  );
}
