// POST /upload: the local stand-in for the old image host (multipart field `image`), answering
// `{ data: { url } }` like it did (the client reads data.data.url). Owner only. `url` is the
// root-relative reference /images/KEY: the same value the admin forms store, accepted by every
// image field and rendered with responsive variants (an absolute URL would be stored as an
// external image). `display_url` carries the absolute form for clients on another origin.
import { removeUnusedImages } from "~/models/image.server";
import { apiError, apiJson, apiRoute, requireApiOwner } from "~/utils/api.server";
import { absoluteUrl, siteUrl } from "~/utils/site-url.server";
import { ImageUploadError, parseFormWithImages } from "~/utils/uploads.server";

const FIELD_HINT = "Send one image file in the multipart/form-data field `image`.";

const api = apiRoute({
  POST: async ({ request }) => {
    await requireApiOwner(request);
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
      return apiError(415, FIELD_HINT);
    }
    let parsed: Awaited<ReturnType<typeof parseFormWithImages>>;
    try {
      parsed = await parseFormWithImages(request, {
        fields: ["image"],
        maxFilesPerField: { image: 1 },
      });
    } catch (error) {
      if (!(error instanceof ImageUploadError)) throw error;
      const headers = error.status === 413 ? { Connection: "close" } : undefined;
      return apiError(error.status, error.message, { fields: { image: error.message } }, headers);
    }
    const url = parsed.form.get("image");
    if (typeof url !== "string" || !parsed.uploaded.includes(url)) {
      await removeUnusedImages(parsed.uploaded);
      return apiError(400, `No image received. ${FIELD_HINT}`, { fields: { image: FIELD_HINT } });
    }
    // Not referenced yet: it stays once saved in a profile or project; uploads never used are
    // what pruneUnusedImages (models/image.server) removes.
    return apiJson({
      data: { url, display_url: absoluteUrl(siteUrl(request), url) },
      success: true,
      status: 200,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
