// GET /dashboard/admin/backup/download: the owner's complete backup as one .tar.gz download.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupFileName, createBackup } from "~/utils/backup.server";
import { requireOwner } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folio-download-"));
  const name = backupFileName();
  try {
    const { file, bytes } = await createBackup(path.join(dir, name));
    const stream = fs.createReadStream(file);
    stream.on("close", () => fs.rmSync(dir, { recursive: true, force: true }));
    return new Response(createReadableStreamFromReadable(stream), {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Content-Length": String(bytes),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
