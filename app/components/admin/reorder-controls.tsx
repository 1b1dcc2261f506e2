import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent } from "react";
import { Image } from "~/components/image";
import { useHydrated } from "~/utils/use-hydrated";
import { REORDER_URL, reorderKeyOf } from "~/entities/admin";
import type { AdminEntity } from "~/entities/entity";
import { REORDER_HIDDEN_TEXT } from "~/utils/list-query";
import type { Column } from "./data-table";

const stepClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

/** One Move up / Move down button: a tiny form, so it works without JavaScript. */
function StepButton(props: {
  /** A reorder key (reorderKeyOf) or "gallery". */
  entity: string;
  id: number;
  name: string;
  direction: "up" | "down";
  disabled: boolean;
  projectId?: number;
}) {
  const location = useLocation();
  const { entity, id, name, direction, disabled, projectId } = props;
  return (
    <Form method="post" action={REORDER_URL} preventScrollReset className="inline">
      <input type="hidden" name="entity" value={entity} />
      {projectId !== undefined ? <input type="hidden" name="projectId" value={projectId} /> : null}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={stepClass} disabled={disabled}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only">
          Move {name} {direction}
        </span>
      </button>
    </Form>
  );
}

/**
 * The order of a project's gallery images: Move up / Move down per image (plain forms, outside the
 * edit form so saving one never submits the other). The public project page follows this order.
 */
export function GalleryOrder({
  projectId,
  images,
}: {
  projectId: number;
  images: Array<{ id: number; url: string }>;
}) {
  if (images.length < 2) return null;
  return (
    <section aria-labelledby="gallery-order-title" className="mt-8">
      <h2 id="gallery-order-title" className="text-lg font-semibold text-slate-900">
        Gallery order
      </h2>
      <ol className="mt-3 flex flex-col gap-2">
        {images.map((image, index) => (
          <li
            key={image.id}
            className="flex items-center gap-3 rounded-lg border border-slate-200 p-2"
          >
            <Image
              src={image.url}
              alt={`Portfolio image ${index + 1}`}
              sizes="96px"
              className="h-14 w-24 rounded-md object-cover"
            />
            <span className="grow text-sm text-slate-700">Image {index + 1}</span>
            <StepButton
              entity="gallery"
              projectId={projectId}
              id={image.id}
              name={`image ${index + 1}`}
              direction="up"
              disabled={index === 0}
            />
            <StepButton
              entity="gallery"
              projectId={projectId}
              id={image.id}
              name={`image ${index + 1}`}
              direction="down"
              disabled={index === images.length - 1}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

type Grab = { id: number; original: number[]; mode: "keyboard" | "mouse"; dropped?: boolean };

const moveTo = (ids: number[], id: number, to: number) => {
  const next = ids.filter((x) => x !== id);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, id);
  return next;
};

/** Where a list's rows sit: one page of `total` rows starting at `offset`, maybe narrowed. */
export type ReorderScope = {
  /** Rows before this page (Move up is enabled on a later page's first row). */
  offset?: number;
  /** Rows in the whole list (defaults to the rows given: the whole list on one page). */
  total?: number;
  /** A search or filter is active: the rows are not the whole order, so no reordering. */
  narrowed?: boolean;
};

/**
 * Reordering for an admin list: Move up / Move down buttons in every row (no JavaScript needed)
 * and, once hydrated, a drag handle per row: drag it with the mouse, or press Space/Enter to pick
 * the row up, the arrow keys to move it, Space/Enter to drop it and Escape to cancel. Moves are
 * announced in a live region; a drop posts the whole order and the list revalidates.
 *
 * On a page of a longer list the Move buttons move a row in the whole order (across pages) and
 * the drag handles are left out (a drop posts the order of the rows it sees). While the list is
 * narrowed by a search or filter there is no Order column: a note says to clear them.
 *
 * Use `rows` (the list in its current order), `rowProps` (for DataTable), `columns` (the Order
 * column, or none) and `live`.
 */
export function useReorder<Row>(
  list: AdminEntity,
  serverRows: Row[],
  idOf: (row: Row) => number,
  nameOf: (row: Row) => string,
  { offset = 0, total = serverRows.length, narrowed = false }: ReorderScope = {},
) {
  const draggable = !narrowed && offset === 0 && total <= serverRows.length;
  const entity = reorderKeyOf(list);
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [local, setLocal] = useState<number[] | null>(null);
  const [grab, setGrab] = useState<Grab | null>(null);
  const [message, setMessage] = useState("");
  const grabRef = useRef<Grab | null>(null);
  grabRef.current = grab;

  // Fresh rows from the server (after a drop or any other change) replace the local order.
  useEffect(() => {
    if (!grabRef.current) setLocal(null);
  }, [serverRows]);

  const byId = new Map(serverRows.map((row) => [idOf(row), row]));
  const ids = (local ?? serverRows.map(idOf)).filter((id) => byId.has(id));
  for (const row of serverRows) if (!ids.includes(idOf(row))) ids.push(idOf(row));
  const rows = ids.map((id) => byId.get(id) as Row);
  const nameOfId = (id: number) => nameOf(byId.get(id) as Row);
  const where = (order: number[], id: number) =>
    `position ${order.indexOf(id) + 1} of ${order.length}`;

  // Keep the keyboard focus on the moving row's handle when React moves its row.
  useEffect(() => {
    if (grab?.mode !== "keyboard") return;
    const handle = document.querySelector<HTMLElement>(`[data-reorder-handle="${grab.id}"]`);
    if (handle && document.activeElement !== handle) handle.focus();
  });

  const submit = (order: number[]) =>
    fetcher.submit({ entity, order: order.join(",") }, { method: "post", action: REORDER_URL });

  const pickUp = (id: number, mode: Grab["mode"]) => {
    setGrab({ id, original: ids, mode });
    setLocal(ids);
    if (mode === "keyboard")
      setMessage(
        `Picked up ${nameOfId(id)}, ${where(ids, id)}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
      );
  };
  const drop = () => {
    if (!grab) return;
    const order = local ?? ids;
    setGrab(null);
    setMessage(`${nameOfId(grab.id)} dropped at ${where(order, grab.id)}.`);
    if (order.join(",") !== grab.original.join(",")) submit(order);
    else setLocal(null);
  };
  const cancel = () => {
    if (!grab) return;
    setGrab(null);
    setLocal(null);
    setMessage(`Move cancelled. ${nameOfId(grab.id)} is back at ${where(grab.original, grab.id)}.`);
  };
  const step = (delta: number) => {
    if (!grab) return;
    const next = moveTo(ids, grab.id, ids.indexOf(grab.id) + delta);
    setLocal(next);
    setMessage(`${nameOfId(grab.id)} moved to ${where(next, grab.id)}.`);
  };

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!grab) return;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      step(event.key === "ArrowUp" ? -1 : 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  const rowProps = (row: Row): HTMLAttributes<HTMLTableRowElement> & { "data-row-id": number } => {
    const id = idOf(row);
    const moving = grab?.id === id;
    return {
      "data-row-id": id,
      className: moving ? "bg-brand-50 outline-2 outline-brand-600" : undefined,
      onDragOver: (event) => {
        const current = grabRef.current;
        if (current?.mode !== "mouse") return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (current.id !== id) setLocal(moveTo(ids, current.id, ids.indexOf(id)));
      },
      onDrop: (event) => {
        const current = grabRef.current;
        if (current?.mode !== "mouse") return;
        event.preventDefault();
        grabRef.current = { ...current, dropped: true };
        drop();
      },
    };
  };

  const column: Column<Row> = {
    header: "Order",
    className: "whitespace-nowrap md:w-36",
    cell: (row, index) => {
      const id = idOf(row);
      const name = nameOf(row);
      const moving = grab?.id === id;
      return (
        <div className="flex items-center gap-1">
          {hydrated && draggable ? (
            <button
              type="button"
              data-reorder-handle={id}
              draggable
              aria-pressed={moving}
              aria-describedby={`reorder-help-${entity}`}
              className={`${stepClass} cursor-grab ${moving ? "bg-brand-100" : ""}`}
              onClick={() => (moving ? drop() : grab ? undefined : pickUp(id, "keyboard"))}
              onKeyDown={onHandleKeyDown}
              onBlur={() => {
                if (grabRef.current?.mode === "keyboard" && grabRef.current.id === id) {
                  // Focus moves with the row; only a real blur (tabbing away) cancels.
                  setTimeout(() => {
                    const current = grabRef.current;
                    const handle = document.querySelector(`[data-reorder-handle="${id}"]`);
                    if (current?.id === id && document.activeElement !== handle) cancel();
                  }, 0);
                }
              }}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(id));
                pickUp(id, "mouse");
              }}
              onDragEnd={() => {
                const current = grabRef.current;
                if (current?.mode === "mouse" && !current.dropped) cancel();
              }}
            >
              <span aria-hidden="true">⠿</span>
              <span className="sr-only">Drag {name}</span>
            </button>
          ) : null}
          <StepButton
            entity={entity}
            id={id}
            name={name}
            direction="up"
            disabled={offset + index === 0}
          />
          <StepButton
            entity={entity}
            id={id}
            name={name}
            direction="down"
            disabled={offset + index === Math.max(total, rows.length) - 1}
          />
        </div>
      );
    },
  };

  const live = narrowed ? (
    <p className="mt-3 text-sm text-slate-600" data-testid="reorder-hidden">
      {REORDER_HIDDEN_TEXT}
    </p>
  ) : (
    <>
      <p id={`reorder-help-${entity}`} className="sr-only">
        Press Space or Enter to pick up a row, the arrow keys to move it, Space or Enter to drop it,
        Escape to cancel.
      </p>
      <p aria-live="assertive" className="sr-only" data-testid="reorder-status">
        {message}
      </p>
    </>
  );

  return { rows, rowProps, columns: narrowed ? [] : [column], live };
}
