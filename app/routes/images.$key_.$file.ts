import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageFileResponse } from "~/utils/images.server";

/** `/images/<key>/<width>.<avif|webp|jpg>` and `/images/<key>/placeholder.webp`. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return imageFileResponse(request, params.key, params.file ?? "");
}
