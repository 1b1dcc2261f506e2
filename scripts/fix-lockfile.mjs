// The npm registry these machines reach carries only the Linux builds of platform-specific
// optional packages (Tailwind's oxide, Rollup, ...). npm then leaves the others out of
// package-lock.json but still lists them as optional dependencies, and `npm ci` (npm 11)
// refuses the lock as "out of sync". This drops those unresolvable optional entries so the
// lock is self-consistent. Run it after any `npm install` that rewrites the lock:
//   npm run lockfile:fix
// On macOS or Windows, run `npm install` once to add your platform's native packages.
import fs from "node:fs";

const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const present = new Set(
  Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, "")),
);
let removed = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: removed ${removed} optional dependencies the registry cannot provide.`);
