// The import applier: turns a SourceSnapshot (what a reader found in the old site, a mongoexport
// folder or a JSON Resume) into Folio content. In order: every record is validated with the schema
// Folio stores its kind with (an invalid one is skipped and reported); a real run takes a backup
// before its first write; `replace` deletes the kinds the source holds; every image the records
// point to is downloaded and stored like an upload; then each record is created, or updated when
// an earlier import linked it (ImportLink) or a same-named skill or category exists. A dry run does
// all the reading and checking and reports the same counts, writing nothing.
import { hasChanges } from "~/entities/fields";
import { profileSchema, type ProfileInput } from "~/entities/profile";
import { profileService } from "~/entities/profile.server";
import { isRefusal } from "~/entities/entity.server";
import {
  countImportLinks,
  deleteImportLinks,
  findImportLink,
  saveImportLink,
} from "~/models/import-link.server";
import { ImportBackupFailed, backupBeforeImport } from "./import-backup.server";
import { importImages } from "./import-images.server";
import { check, remoteImagesOf, withLocalImages, type Checked } from "./import-schemas.server";
import { DELETE_ORDER, KIND_STORES, type ListKind } from "./import-kinds.server";
import {
  IMPORT_KINDS,
  type ImportKind,
  type ImportOptions,
  type ImportReport,
  type KindCounts,
  type SourceSnapshot,
} from "./types";

type Input = Record<string, unknown>;

type Run = {
  dryRun: boolean;
  replace: boolean;
  report: ImportReport;
  /** Takes the backup once, before the first write (never in a dry run). */
  beforeWrite: () => Promise<void>;
  onProgress: ImportOptions["onProgress"];
};

const zero = (): KindCounts => ({ created: 0, updated: 0, unchanged: 0, skipped: 0 });

function emptyReport(source: string, dryRun: boolean): ImportReport {
  const kinds = Object.fromEntries(IMPORT_KINDS.map((k) => [k, zero()])) as ImportReport["kinds"];
  return {
    source,
    dryRun,
    replaced: {},
    kinds,
    images: { fetched: 0, reused: 0, failed: 0 },
    problems: [],
  };
}

/** The values that would change a stored row (undefined means "keep what is stored"). */
const defined = (input: Input) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

const differs = (row: Input, input: Input) => hasChanges(row, defined(input));

const nameKey = (input: Input) => String(input.name ?? "").toLowerCase();

function skip(run: Run, kind: ImportKind, subject: string, message: string) {
  run.report.kinds[kind].skipped += 1;
  run.report.problems.push({ kind, subject, message });
}

/** `replace`: deletes every row (and link) of the kinds the source holds; how many, by kind. */
async function replaceKinds(run: Run, kinds: Set<ImportKind>) {
  for (const kind of DELETE_ORDER) {
    if (!kinds.has(kind)) continue;
    const store = KIND_STORES[kind];
    const rows = await store.list();
    if (run.dryRun) {
      run.report.replaced[kind] = rows.length;
      continue;
    }
    if (rows.length > 0 || (await countImportLinks(kind)) > 0) await run.beforeWrite();
    let deleted = 0;
    for (const row of rows) {
      const removal = await store.remove(row.id);
      deleted += removal.deletedCount;
      if (removal.blockedBy) {
        run.report.problems.push({
          kind,
          subject: String(row.name ?? row.title ?? row.id),
          message: `Kept: ${removal.blockedBy} project(s) not in the source still use it`,
        });
      }
    }
    await deleteImportLinks(kind);
    run.report.replaced[kind] = deleted;
  }
}

/** The one profile: updated (only the fields the source has, unless `replace`), or created. */
async function applyProfile(run: Run, items: Checked[], refs: Map<string, string>) {
  const counts = run.report.kinds.profile;
  let done = 0;
  let applied = false;
  for (const { record, input, error } of items) {
    try {
      if (!input) skip(run, "profile", record.label, error ?? "Invalid profile");
      else if (applied) skip(run, "profile", record.label, "Only one profile is imported");
      else {
        applied = true;
        const next = withLocalImages("profile", input, refs);
        const current = (await profileService.list())[0] ?? null;
        const present = (key: string) => run.replace || record.fields[key] !== undefined;
        const merged = Object.fromEntries(
          Object.keys(profileSchema.shape).map((key) => [
            key,
            present(key) || !current ? next[key] : current[key as keyof typeof current],
          ]),
        ) as ProfileInput;
        if (current && !differs(current, merged)) counts.unchanged += 1;
        else {
          counts[current ? "updated" : "created"] += 1;
          if (!run.dryRun) {
            await run.beforeWrite();
            await profileService.save(merged);
          }
        }
        const saved = run.dryRun ? null : (await profileService.list())[0];
        if (saved && (await findImportLink("profile", record.sourceId)) !== saved.id) {
          await run.beforeWrite();
          await saveImportLink("profile", record.sourceId, saved.id);
        }
      }
    } catch (failure) {
      if (failure instanceof ImportBackupFailed) throw failure;
      skip(run, "profile", record.label, (failure as Error)?.message ?? String(failure));
    }
    run.onProgress?.({ kind: "profile", done: ++done, total: items.length });
  }
}

/** One kind of list rows: each record updated through its link, adopted by name, or created. */
async function applyKind(
  run: Run,
  kind: ListKind,
  items: Checked[],
  refs: Map<string, string>,
  replaced: boolean,
) {
  const store = KIND_STORES[kind];
  const counts = run.report.kinds[kind];
  // After a (planned) replace nothing of this kind is left to find.
  const fresh = replaced && run.dryRun;
  const existing: Input[] = fresh ? [] : await store.list();
  // A dry run's records "created" so far: a later record with the same id or name meets them.
  const planned = new Map<string, Input>();
  const order: number[] = [];
  let done = 0;
  for (const { record, input: checked, error } of items) {
    try {
      if (!checked) {
        skip(run, kind, record.label, error ?? "Invalid record");
        continue;
      }
      const input = withLocalImages(kind, checked, refs);
      const linkedId = fresh ? null : await findImportLink(kind, record.sourceId);
      let row: Input | null = linkedId === null ? null : await store.get(linkedId);
      const linked = row !== null;
      if (!row && store.adoptByName) {
        row = existing.find((r) => nameKey(r) === nameKey(input)) ?? null;
      }
      row ??= planned.get(`id:${record.sourceId}`) ?? null;
      if (!row && store.adoptByName) row = planned.get(`name:${nameKey(input)}`) ?? null;

      if (row) {
        const id = row.id as number | undefined;
        // An adopted skill or category keeps the owner's spelling of the same name.
        const next =
          store.adoptByName && nameKey(row) === nameKey(input)
            ? { ...input, name: row.name }
            : input;
        if (differs(row, store.comparable?.(next) ?? next)) {
          if (!run.dryRun && id !== undefined) {
            await run.beforeWrite();
            const saved = await store.update(id, next);
            if (isRefusal(saved)) {
              skip(run, kind, record.label, Object.values(saved.fieldErrors).join("; "));
              continue;
            }
          }
          counts.updated += 1;
        } else counts.unchanged += 1;
        if (!run.dryRun && id !== undefined) {
          if (!linked) {
            await run.beforeWrite();
            await saveImportLink(kind, record.sourceId, id);
          }
          order.push(id);
        }
        continue;
      }

      if (run.dryRun) {
        counts.created += 1;
        planned.set(`id:${record.sourceId}`, input);
        if (store.adoptByName) planned.set(`name:${nameKey(input)}`, input);
        continue;
      }
      await run.beforeWrite();
      const made = await store.create(input);
      if (isRefusal(made)) {
        skip(run, kind, record.label, Object.values(made.fieldErrors).join("; "));
        continue;
      }
      await saveImportLink(kind, record.sourceId, made.id);
      counts.created += 1;
      existing.push({ ...input, id: made.id });
      order.push(made.id);
    } catch (failure) {
      if (failure instanceof ImportBackupFailed) throw failure;
      skip(run, kind, record.label, (failure as Error)?.message ?? String(failure));
    } finally {
      run.onProgress?.({ kind, done: ++done, total: items.length });
    }
  }
  await keepSourceOrder(run, kind, [...new Set(order)]);
}

/** Puts the imported rows first, in the source's order (when they are not already). */
async function keepSourceOrder(run: Run, kind: ListKind, order: number[]) {
  if (run.dryRun || order.length === 0) return;
  const store = KIND_STORES[kind];
  const current = (await store.list()).map((r) => r.id).slice(0, order.length);
  if (current.every((id, i) => id === order[i])) return;
  await run.beforeWrite();
  await store.setOrder(order);
}

/**
 * For a dry run of `replace` with projects: deleting the projects removes every image but the
 * profile's (the real run then downloads them again), so only the profile's image survives.
 */
async function profileImageOnly(): Promise<(ref: string) => boolean> {
  const image = (await profileService.list())[0]?.image ?? "";
  return (ref) => ref === image;
}

/**
 * Applies a snapshot; the report of what was (or, for a dry run, would be) created, updated,
 * left unchanged and skipped. Throws only when the backup before the first write fails
 * (ImportBackupFailed: nothing was written).
 */
export async function applySnapshot(
  snapshot: SourceSnapshot,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  const report = emptyReport(snapshot.source, dryRun);
  report.problems.push(...snapshot.problems);

  let backup: Promise<void> | undefined;
  const run: Run = {
    dryRun,
    replace: options.replace ?? false,
    report,
    onProgress: options.onProgress,
    beforeWrite: () => {
      if (dryRun) return Promise.reject(new Error("A dry run never writes."));
      backup ??= backupBeforeImport().then((file) => {
        report.backupFile = file;
      });
      return backup;
    },
  };

  const known = snapshot.records.filter((record) => {
    if ((IMPORT_KINDS as readonly string[]).includes(record.kind)) return true;
    report.problems.push({ subject: record.label, message: `Unknown kind "${record.kind}"` });
    return false;
  });
  const checked = known.map((record) => check(record, report.problems));
  const byKind = (kind: ImportKind) => checked.filter((c) => c.record.kind === kind);
  const present = new Set(known.map((r) => r.kind));

  if (run.replace) await replaceKinds(run, present);

  const images = await importImages(checked.flatMap(remoteImagesOf), {
    dryRun,
    beforeWrite: run.beforeWrite,
    onProgress: options.onProgress,
    survives:
      dryRun && run.replace && present.has("project") ? await profileImageOnly() : undefined,
  });
  report.images = images.counts;
  report.problems.push(...images.problems);

  for (const kind of IMPORT_KINDS) {
    const items = byKind(kind);
    if (items.length === 0) continue;
    if (kind === "profile") await applyProfile(run, items, images.refs);
    else await applyKind(run, kind, items, images.refs, run.replace);
  }
  return report;
}
