import { DELETE_CONFIRM } from "../utils/copy";

/**
 * The texts and URLs of one admin CRUD screen set. Screens, delete pages and server helpers read
 * the same object, so a title never drifts between the dialog (JS) and the page (no JS).
 */
export type AdminEntity = {
  /** What one record is called in messages: 'Skill', 'Category', ... */
  noun: string;
  /** The list screen; every add, edit and delete ends here. */
  listUrl: string;
  /** Success dialog after an add. */
  addedTitle: string;
  /** The spec's error text when an add fails ('Failed to add Skill.'). */
  addFailedText: string;
  /** Success dialog after an edit (entities with an edit screen). */
  updatedTitle?: string;
  /** Delete confirmation title (the spec's 'Are you sure?' unless the entity says otherwise). */
  deleteTitle?: string;
  /** The edit screen of one record (entities with an edit screen). */
  editUrl?: (id: number | string) => string;
  /** The read-only view of one record (entities with one: projects). */
  viewUrl?: (id: number | string) => string;
  /** The ordered table behind the list (lists the owner can reorder). */
  ordered?: OrderedModel;
  /** Why a record still used by `count` others is not deleted (the delete's error dialog). */
  blockedReason?: (count: number) => string;
  /** The admin sidebar's group: its label, icon and list link ('Add <noun>' links the add screen). */
  menu: { label: string; icon: string; allLabel: string };
};

/** The tables whose rows have a position the owner sets (models/ordering.server.ts). */
export type OrderedModel =
  "skill" | "category" | "service" | "project" | "education" | "experience";

/** `/dashboard/admin/skills/add`: the add screen. */
export const addUrlOf = (entity: AdminEntity) => `${entity.listUrl}/add`;

/** The spec's generic failure text (section 8: network or other failure on add or update). */
export const SOMETHING_WENT_WRONG = "Something went wrong. Try again.";
export const ERROR_TITLE = "Error!";
export const DELETED_TITLE = "Deleted!";
export const NO_CHANGES_TITLE = "No Changes Made";
export const NO_CHANGES_TEXT = "Nothing was different from what is already saved.";

export const deleteTitleOf = (entity: AdminEntity) => entity.deleteTitle ?? DELETE_CONFIRM.title;

/** `/dashboard/admin/skills/5/delete`: the no-JS confirmation page and the URL the dialog posts to. */
export const deleteUrlOf = (entity: AdminEntity, id: number | string) =>
  `${entity.listUrl}/${id}/delete`;

/** What a `<list>/<id>/delete` loader answers (see `deleteConfirmRoute` in admin.server.ts). */
export type DeleteConfirmData = {
  title: string;
  noun: string;
  name: string;
  listUrl: string;
};

/**
 * The paths of the screens of one record of the entity (its edit and view screens, its delete
 * page), as prefixes: the sidebar highlights the entity's list on them.
 */
export function recordPathPrefixes(entity: AdminEntity): string[] {
  const prefixOf = (url: (id: string) => string) => url("\u0000").split("\u0000")[0];
  return [
    `${entity.listUrl}/`,
    ...(entity.editUrl ? [prefixOf(entity.editUrl)] : []),
    ...(entity.viewUrl ? [prefixOf(entity.viewUrl)] : []),
  ];
}
