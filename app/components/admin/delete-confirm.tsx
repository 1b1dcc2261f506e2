import { useLoaderData } from "@remix-run/react";
import { ConfirmPage } from "~/components/dialog";
import type { DeleteConfirmData } from "~/entities/entity";
import { DELETE_CONFIRM } from "~/utils/copy";

export type { DeleteConfirmData };

/**
 * The no-JavaScript delete confirmation: the spec's dialog texts as a page, naming the record,
 * with a form posting to this same URL and Cancel back to the list. Default export of every
 * `<list>.$id.delete.tsx` route.
 */
export function DeleteConfirmScreen() {
  const data = useLoaderData<DeleteConfirmData>();
  return (
    <ConfirmPage {...DELETE_CONFIRM} title={data.title} cancelHref={data.listUrl}>
      <p className="text-sm text-slate-700">
        {data.noun}: <strong className="break-all">{data.name}</strong>
      </p>
    </ConfirmPage>
  );
}
