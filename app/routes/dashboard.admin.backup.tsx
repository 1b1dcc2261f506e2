import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/dialog";
import { installSummary } from "~/utils/backup.server";
import { requireOwner } from "~/utils/auth.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Backup");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json(installSummary());
}

function size(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function BackupPage() {
  const { databaseBytes, uploadFiles, uploadBytes, scheduled } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Backup</h2>
      <p className="mt-2 text-slate-600">
        One <code>.tar.gz</code> file with everything on this site: a consistent copy of the
        database (every record and your account, but no sign-in sessions) and every uploaded image.
        Keep it somewhere else than this server. To bring it back, see "Backup and restore" in the
        self-hosting guide.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">Database</dt>
        <dd data-testid="backup-database-size">{size(databaseBytes)}</dd>
        <dt className="text-slate-600">Uploaded files</dt>
        <dd data-testid="backup-upload-count">
          {uploadFiles} ({size(uploadBytes)})
        </dd>
      </dl>
      <a
        href="/dashboard/admin/backup/download"
        download
        className={`${buttonClass.primary} mt-6`}
        data-testid="backup-download"
      >
        Download backup
      </a>
      <h3 className="mt-8 text-lg font-semibold">Scheduled backups</h3>
      {scheduled ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Every {scheduled.intervalHours} hours into the backup folder on the server, keeping the
            newest {scheduled.keep}.
          </p>
          {scheduled.recent.length ? (
            <ul className="mt-2 text-sm">
              {scheduled.recent.map((b) => (
                <li key={b.name}>
                  <code>{b.name}</code> ({size(b.bytes)})
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">None written yet.</p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Off. Set <code>BACKUP_DIR</code> (and optionally <code>BACKUP_INTERVAL_HOURS</code>,{" "}
          <code>BACKUP_KEEP</code>) to write backups on a schedule.
        </p>
      )}
    </section>
  );
}
