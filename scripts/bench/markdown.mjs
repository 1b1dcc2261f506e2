// Markdown tables for docs/performance.md from the JSON that `npm run bench` and
// `npm run lighthouse` write, one or more runs side by side (e.g. before and after a change).
//
//   node scripts/bench/markdown.mjs bench before=old.json after=bench-results.json
//   node scripts/bench/markdown.mjs lighthouse before=old.json after=lighthouse-results.json
import fs from "node:fs";

const [kind, ...runs] = process.argv.slice(2);
const labelled = runs.map((arg) => {
  const [label, file] = arg.includes("=") ? arg.split("=") : [arg, arg];
  return { label, data: JSON.parse(fs.readFileSync(file, "utf8")) };
});
const row = (cells) => `| ${cells.join(" | ")} |`;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function benchTable() {
  console.log(
    row([
      "page",
      "run",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "cpu µs/req",
      "bytes/answer",
      "static req/s",
      "static p99 ms",
      "static cpu µs/req",
      "ratio",
    ]),
  );
  console.log(row(["---", "---", ...Array(10).fill("---:")]));
  const targets = [...new Set(labelled.flatMap((r) => r.data.rows.map((x) => x.target)))];
  for (const target of targets)
    for (const { label, data } of labelled) {
      const r = data.rows.find((x) => x.target === target);
      if (!r) continue;
      const f = r.folio;
      const s = r.static;
      console.log(
        row([
          `\`${target}\``,
          label,
          f.rps.toFixed(0),
          f.p50.toFixed(1),
          f.p99.toFixed(1),
          f.errors,
          f.cpuUsPerRequest.toFixed(0),
          f.bytesPerResponse,
          s.rps.toFixed(0),
          s.p99.toFixed(1),
          s.cpuUsPerRequest.toFixed(0),
          r.ratio.toFixed(2),
        ]),
      );
    }
  for (const { label, data } of labelled) {
    const m = data.meta;
    const js = Object.entries(data.pages)
      .map(
        ([p, info]) => `\`${p}\` ${info.javascript.files} file(s) ${kb(info.javascript.gzip)} KB`,
      )
      .join(", ");
    console.log(
      `\n${label}: ${m.date}, commit ${m.commit ?? "?"}, load average ${m.loadBefore} → ${m.loadAfter}; JavaScript (gzip): ${js}`,
    );
  }
}

function lighthouseTable() {
  console.log(
    row(["page", "run", "scores per run (perf/a11y/b.p./SEO)", "TBT ms per run", "scripts"]),
  );
  console.log(row(["---", "---", "---", "---", "---:"]));
  const pages = [...new Set(labelled.flatMap((r) => r.data.pages.map((p) => p.page)))];
  for (const page of pages)
    for (const { label, data } of labelled) {
      const p = data.pages.find((x) => x.page === page);
      if (!p) continue;
      const scores = p.runs
        .map((r) => [r.performance, r.accessibility, r.bestPractices, r.seo].join("/"))
        .join(", ");
      const last = p.runs.at(-1);
      console.log(
        row([
          `\`${page}\``,
          label,
          scores,
          p.runs.map((r) => r.tbtMs).join(", "),
          `${last.scripts} file${last.scripts === 1 ? "" : "s"}, ${kb(last.scriptTransferBytes)} KB`,
        ]),
      );
    }
  for (const { label, data } of labelled)
    console.log(
      `\n${label}: ${data.meta.date}, load average ${data.meta.loadBefore} → ${data.meta.loadAfter}`,
    );
}

if (kind === "bench") benchTable();
else if (kind === "lighthouse") lighthouseTable();
else {
  console.error("usage: node scripts/bench/markdown.mjs bench|lighthouse label=file.json ...");
  process.exit(2);
}
