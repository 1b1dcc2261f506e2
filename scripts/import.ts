// Brings an old site's content into Folio: npm run import -- --from <URL|FOLDER|resume.json>
// [--dry-run] [--replace].
// Reads the whole source first (nothing is written if it cannot be read), then applies it:
// a backup before the first write, idempotent through the remembered source ids. See docs/migrate.md.
import "dotenv/config";
import { parseArgs } from "node:util";
import { applySnapshot } from "~/import/apply.server";
import { JsonResumeError } from "~/import/json-resume";
import { readImportSource } from "~/import/read-source.server";
import { progressBar, progressLine, reportText } from "~/import/report-text";
import { isImportSourceError } from "~/import/source-error";
import type { ImportProgress, SourceSnapshot } from "~/import/types";
import { disconnectDb } from "~/models/db.server";

const USAGE = `Usage: npm run import -- --from <URL|FOLDER|resume.json> [--dry-run] [--replace]

  --from URL      the old backend's address, e.g. https://api.example.com
                  (its lists are read with GET; nothing is ever sent to it)
  --from FOLDER   a folder of mongoexport files named after the lists
                  (adduser.json, addskill.json, addcategory.json, addfeather.json,
                  addprotfolio.json, addeducation.json, addexperience.json)
  --from FILE     a JSON Resume (resume.json: basics, work, education, skills)
  --dry-run       read and check everything, print what would change, write nothing
  --replace       delete the imported kinds' rows first (after the automatic backup)
  --help          this text

Running it again updates what an earlier import brought in instead of adding it twice.
See docs/migrate.md.`;

class UsageError extends Error {}

type Args = { from: string; dryRun: boolean; replace: boolean } | { help: true };

function parseImportArgs(argv: string[]): Args {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        replace: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  const from = values.from?.trim();
  if (!from) throw new UsageError("--from is required: the old backend's URL or a folder.");
  return { from, dryRun: values["dry-run"], replace: values.replace };
}

/** Counts per kind as they go: a bar redrawn in place on a terminal, a line per step otherwise. */
function progressPrinter(out: NodeJS.WriteStream) {
  let current: ImportProgress | undefined;
  const finishLine = () => {
    if (out.isTTY && current) out.write("\n");
    current = undefined;
  };
  const onProgress = (progress: ImportProgress) => {
    if (current && current.kind !== progress.kind) {
      if (!out.isTTY && current.done < current.total) out.write(`${progressLine(current)}\n`);
      finishLine();
    }
    current = progress;
    if (out.isTTY) out.write(`\r${progressBar(progress)}`);
    else if (progress.done >= progress.total) out.write(`${progressLine(progress)}\n`);
  };
  return { onProgress, finish: finishLine };
}

async function main(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parseImportArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if ("help" in args) {
    console.log(USAGE);
    return 0;
  }
  console.log(`Reading ${args.from} ...`);
  let snapshot: SourceSnapshot;
  try {
    snapshot = await readImportSource(args.from);
  } catch (error) {
    if (!isImportSourceError(error) && !(error instanceof JsonResumeError)) throw error;
    console.error(`Import failed: ${error.message}\nNothing was changed.`);
    return 1;
  }
  console.log(
    `Read ${snapshot.records.length} record(s) from ${snapshot.source}${
      args.dryRun ? " (dry run: nothing will be written)" : ""
    }.`,
  );
  const progress = progressPrinter(process.stdout);
  const report = await applySnapshot(snapshot, {
    dryRun: args.dryRun,
    replace: args.replace,
    onProgress: progress.onProgress,
  });
  progress.finish();
  console.log(`\n${reportText(report)}`);
  return 0;
}

main(process.argv.slice(2))
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    console.error(`Import failed: ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
