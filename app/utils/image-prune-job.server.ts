// Removes uploads nobody saved (older than a day) and image folders left without a row:
// shortly after the server starts, then every six hours.
import { pruneUnusedImages } from "~/models/image.server";
import { onServerStart, onServerStop } from "./lifecycle.server";

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 6 * 60 * 60 * 1000;
let timers: NodeJS.Timeout[] = [];
let running: Promise<void> | undefined;

function tick() {
  if (running) return;
  running = pruneUnusedImages()
    .then((removed) => {
      if (removed > 0) console.log(`Removed ${removed} unused uploaded image(s)`);
    })
    .catch((error) => console.error("Removing unused images failed", error))
    .finally(() => (running = undefined));
}

onServerStart(() => {
  timers = [setTimeout(tick, FIRST_RUN_MS), setInterval(tick, EVERY_MS)];
  for (const t of timers) t.unref();
});

onServerStop(async () => {
  for (const t of timers) clearTimeout(t);
  timers = [];
  await running;
});
