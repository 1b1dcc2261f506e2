// Contact messages on the dashboard: the record of the URL, or the 404 the admin chrome shows.
import { getMessage } from "~/models/message.server";
import { parseId } from "./fields";

/** The message of the URL's `$id`, or a 404 (an unknown or malformed id). */
export async function requireMessage(idParam: string | undefined) {
  const id = parseId(idParam);
  const message = id === null ? null : await getMessage(id);
  if (!message)
    throw new Response("This message does not exist (it may have been deleted).", { status: 404 });
  return message;
}
