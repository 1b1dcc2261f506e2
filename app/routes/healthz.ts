import { checkDatabaseHealth } from "~/models/health.server";

/** Liveness and readiness: 200 when the database answers and accepts a write, 503 otherwise. */
export async function loader() {
  const result = await checkDatabaseHealth();
  return Response.json(result, {
    status: result.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
