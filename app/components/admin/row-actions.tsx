import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmAction } from "~/components/dialog";
import { DELETE_CONFIRM } from "~/utils/copy";
import { deleteTitleOf, deleteUrlOf, type AdminEntity } from "~/entities/entity";

const actionClass = {
  edit: "inline-flex items-center rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  delete:
    "inline-flex items-center rounded-lg bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600",
};

/** The row's action cell layout. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>;
}

/**
 * Delete one record behind the spec's confirmation: a link to `<list>/<id>/delete` (the no-JS
 * confirmation page) that, with JavaScript, opens the same texts as a modal dialog posting there.
 * `name` is read out to screen readers ("Delete React") so every row's button is distinct.
 */
export function DeleteButton({
  entity,
  id,
  name,
}: {
  entity: AdminEntity;
  id: number;
  name: string;
}) {
  const url = deleteUrlOf(entity, id);
  return (
    <ConfirmAction
      confirmHref={url}
      action={url}
      {...DELETE_CONFIRM}
      title={deleteTitleOf(entity)}
      className={actionClass.delete}
    >
      Delete<span className="sr-only"> {name}</span>
    </ConfirmAction>
  );
}

/** A row's Edit link ("Edit React" for screen readers). */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className={actionClass.edit}>
      Edit<span className="sr-only"> {name}</span>
    </Link>
  );
}

/** A row's secondary link (e.g. View). */
export function RowLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link to={to} className={actionClass.edit}>
      {label}
      <span className="sr-only"> {name}</span>
    </Link>
  );
}
