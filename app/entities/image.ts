// Uploaded images (stored under UPLOADS_DIR, served at /images/KEY with responsive variants).
import type { RestShape } from "./rest";

/**
 * REST: POST /upload, the local stand-in for the old image host (multipart field `image`),
 * answering `{ data: { url } }` like it did. Its own handler: app/rest/upload.ts.
 */
export const IMAGE_REST: RestShape = {
  path: "/upload",
  tag: "Images",
  noun: "image",
  handler: "upload",
  schemas: {
    ImageUpload: {
      type: "object",
      properties: { image: { type: "string", contentMediaType: "application/octet-stream" } },
      required: ["image"],
    },
    Uploaded: {
      type: "object",
      properties: {
        data: {
          type: "object",
          properties: {
            url: {
              type: "string",
              description: "Root-relative URL of the stored image (/images/KEY)",
            },
            display_url: { type: "string", format: "uri", description: "The same, absolute" },
          },
          required: ["url"],
        },
        success: { const: true },
        status: { const: 200 },
      },
      required: ["data"],
    },
  },
  collection: {
    post: {
      summary: "Upload an image (multipart field `image`)",
      body: "ImageUpload",
      ok: [200, "Uploaded"],
      multipart: true,
    },
  },
};
