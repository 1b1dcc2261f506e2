// POST /sendmail {name, email, subject, message}: the one public write. The message goes through
// the contact pipeline (validation, per-IP rate limit, stored first, then the owner is emailed).
import { apiError, apiJson, apiRoute, readBody } from "~/utils/api.server";
import { submitContactMessage } from "~/utils/contact.server";
import { clientIp } from "~/utils/request.server";

const api = apiRoute({
  POST: async ({ request }) => {
    const body = await readBody(request);
    const result = await submitContactMessage(body, { ip: clientIp(request), source: "api" });
    if (result.ok) return apiJson({ success: true }, { status: 201 });
    const fields = result.fieldErrors;
    const detail = fields ? ` (${[...new Set(Object.values(fields))].join("; ")})` : "";
    return apiError(
      result.status,
      result.error + detail,
      fields ? { fields } : {},
      result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    );
  },
});

export const loader = api.loader;
export const action = api.action;
