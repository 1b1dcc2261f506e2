// A background job that runs shortly after the server starts, then every so often; one run at a
// time (a tick while one is under way is skipped), and the server's stop waits for a run under way.
import { onServerStart, onServerStop } from "./lifecycle.server";

export type PeriodicJob = {
  /** What it does, for the log: "Deleting old visit counts". */
  what: string;
  firstRunMs: number;
  everyMs: number;
  /** One run; resolves with how many things it removed (logged when more than 0). */
  run: () => Promise<number>;
  /** The log line for `removed` things, e.g. `Deleted 3 visit count(s) past the retention`. */
  done: (removed: number) => string;
};

export function schedulePeriodicJob({ what, firstRunMs, everyMs, run, done }: PeriodicJob): void {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;

  function tick() {
    if (running) return;
    running = run()
      .then((removed) => {
        if (removed > 0) console.log(done(removed));
      })
      .catch((error) => console.error(`${what} failed`, error))
      .finally(() => (running = undefined));
  }

  onServerStart(() => {
    timers = [setTimeout(tick, firstRunMs), setInterval(tick, everyMs)];
    for (const t of timers) t.unref();
  });

  onServerStop(async () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    await running;
  });
}
