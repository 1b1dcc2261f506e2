import { countSteps, reducedMotion, whenIdle } from "./timing";

/** Counters that already ran in this browser tab (they animate only the first time). */
const STORAGE_KEY = "folio-counted";

function countedIds(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

function remember(id: string) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...countedIds(), id]));
  } catch {
    // Storage off: the counter may run again on the next visit.
  }
}

/**
 * Counts each `[data-counter]` up from 0 when it first comes into view. The server renders the
 * final number (`data-count`, with `data-suffix`), so it is right without the script; reduced
 * motion keeps it as it is.
 */
export function startCounters(root: ParentNode = document) {
  const els = [...root.querySelectorAll<HTMLElement>("[data-counter][data-count]")];
  const done = countedIds();
  const waiting = els.filter(
    (el) => Number(el.dataset.count) > 0 && !done.has(el.dataset.counter!),
  );
  if (waiting.length === 0) return;
  if (reducedMotion()) {
    waiting.forEach((el) => remember(el.dataset.counter!));
    return;
  }
  const start = (el: HTMLElement) => {
    const value = Number(el.dataset.count);
    const suffix = el.dataset.suffix ?? "";
    const { stepMs, steps } = countSteps(value);
    remember(el.dataset.counter!);
    let step = 0;
    el.textContent = `0${suffix}`;
    const interval = setInterval(() => {
      step += 1;
      el.textContent = `${Math.round((value * step) / steps)}${suffix}`;
      if (step >= steps) clearInterval(interval);
    }, stepMs);
  };
  whenIdle(() => {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        start(entry.target as HTMLElement);
      }
    });
    waiting.forEach((el) => observer.observe(el));
  });
}
