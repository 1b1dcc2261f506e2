import { useEffect, useRef } from "react";
import { whenIdle } from "./typing-text";

/** The spec's counter: about 1 s to the final number, at most one step every 20 ms. */
export const COUNT_MS = 1000;
export const MIN_STEP_MS = 20;

/** Counters that already ran in this page session (they animate only the first time). */
const counted = new Set<string>();

/** The steps a count takes: its interval and how many. */
export function countSteps(value: number) {
  const stepMs = Math.max(MIN_STEP_MS, Math.floor(COUNT_MS / Math.max(1, value)));
  return { stepMs, steps: Math.max(1, Math.round(COUNT_MS / stepMs)) };
}

/**
 * A number that counts up from 0 when it first comes into view. The server renders the final
 * number (so it is right without JavaScript), and reduced motion skips the animation. Steps write
 * the text node directly (no React render).
 */
export function CountUp({
  id,
  value,
  suffix = "",
}: {
  id: string;
  value: number;
  suffix?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const el = ref.current;
    const final = `${value}${suffix}`;
    if (!el) return;
    el.textContent = final;
    if (value <= 0 || counted.has(id)) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      counted.add(id);
      return;
    }
    let interval: ReturnType<typeof setInterval> | undefined;
    let observer: IntersectionObserver | undefined;
    const start = () => {
      counted.add(id);
      const { stepMs, steps } = countSteps(value);
      let step = 0;
      el.textContent = `0${suffix}`;
      interval = setInterval(() => {
        step += 1;
        el.textContent = `${Math.round((value * step) / steps)}${suffix}`;
        if (step >= steps) clearInterval(interval);
      }, stepMs);
    };
    const cancelStart = whenIdle(() => {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer?.disconnect();
          start();
        }
      });
      observer.observe(el);
    });
    return () => {
      cancelStart();
      observer?.disconnect();
      if (interval) clearInterval(interval);
    };
  }, [id, value, suffix]);

  return (
    <>
      <span ref={ref} aria-hidden="true" data-counter={id} className="tabular-nums">
        {`${value}${suffix}`}
      </span>
      <span className="sr-only">{`${value}${suffix}`}</span>
    </>
  );
}
