import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageFileResponse } from "~/utils/images.server";

/** `/images/<key>`: the stored reference answers with a mid-width JPEG, so it works anywhere. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return imageFileResponse(request, params.key, null);
}
