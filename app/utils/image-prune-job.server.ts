// Removes uploads nobody saved (older than a day) and image folders left without a row:
// shortly after the server starts, then every six hours.
import { pruneUnusedImages } from "~/models/image.server";
import { schedulePeriodicJob } from "./periodic-job.server";

schedulePeriodicJob({
  what: "Removing unused images",
  firstRunMs: 60_000,
  everyMs: 6 * 60 * 60 * 1000,
  run: () => pruneUnusedImages(),
  done: (removed) => `Removed ${removed} unused uploaded image(s)`,
});
