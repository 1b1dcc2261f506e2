// The spec's animation timings, shared by the components and the enhancement script.

/** Typing: 90 ms a character, 1300 ms pause on a full name, wrapping around. */
export const TYPE_MS = 90;
export const PAUSE_MS = 1300;

/** Counter: about 1 s to the final number, at most one step every 20 ms. */
export const COUNT_MS = 1000;
export const MIN_STEP_MS = 20;

export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The steps a count takes: its interval and how many. */
export function countSteps(value: number) {
  const stepMs = Math.max(MIN_STEP_MS, Math.floor(COUNT_MS / Math.max(1, value)));
  return { stepMs, steps: Math.max(1, Math.round(COUNT_MS / stepMs)) };
}

/** Whether the visitor asked for reduced motion. */
export const reducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches === true;

/** Runs `fn` once the page has loaded and the browser is idle (animations never compete with it). */
export function whenIdle(fn: () => void): void {
  const run = () => {
    const idle = (window as Partial<Window>).requestIdleCallback;
    if (idle) idle(fn, { timeout: 1000 });
    else window.setTimeout(fn, 50);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}
