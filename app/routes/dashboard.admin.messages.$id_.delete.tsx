import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { DeleteConfirmScreen, type DeleteConfirmData } from "~/components/admin/delete-confirm";
import { parseId } from "~/entities/fields";
import { deleteMessage, getMessage } from "~/models/message.server";
import { requireMessage } from "~/entities/message.server";
import { messagesUrl } from "~/entities/message";
import { requireOwner } from "~/utils/auth.server";
import { DELETE_CONFIRM } from "~/utils/copy";
import { redirectWithToast } from "~/utils/toast.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Message");

/** Without JavaScript, Delete leads here: the spec's confirmation as a page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const message = await requireMessage(params.id);
  const data: DeleteConfirmData = {
    title: DELETE_CONFIRM.title,
    noun: `Message from ${message.name}`,
    name: message.subject,
    // Cancel goes back to the message.
    listUrl: `/dashboard/admin/messages/${message.id}`,
  };
  return json(data);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireOwner(request);
  const id = parseId(params.id);
  const message = id === null ? null : await getMessage(id);
  if (!message || (await deleteMessage(message.id)) === 0) {
    return redirectWithToast("/dashboard/admin/messages", {
      type: "error",
      title: "Error!",
      text: "This message was already deleted.",
    });
  }
  return redirectWithToast(messagesUrl(message.folder), {
    type: "success",
    title: "Deleted!",
    text: "The message has been deleted.",
    dialog: true,
  });
}

export default DeleteConfirmScreen;
