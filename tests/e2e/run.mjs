// Runs the Playwright suite, after checking that Chromium is installed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\nInstall Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n(or point CHROME_PATH at a Chromium binary).`,
  );
  process.exit(1);
}
if (!fs.existsSync(`${process.env.FOLIO_BUILD_DIR ?? "build"}/server/index.js`)) {
  console.error("No production build found: run `npm run build` first.");
  process.exit(1);
}
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
