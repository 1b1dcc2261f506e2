import { useEffect, useRef } from "react";

/** The spec's typing animation: 90 ms a character, 1300 ms pause on a full name, wrapping around. */
export const TYPE_MS = 90;
export const PAUSE_MS = 1300;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** "A, B and C" */
export function listText(words: string[]) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** Runs `fn` once the page has loaded and the browser is idle (animations never compete with it). */
export function whenIdle(fn: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const run = () => {
    if (cancelled) return;
    const idle = (window as Partial<Window>).requestIdleCallback;
    idleId = idle ? idle(fn, { timeout: 1000 }) : window.setTimeout(fn, 50);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idleId !== undefined) {
      (window as Partial<Window>).cancelIdleCallback?.(idleId);
      window.clearTimeout(idleId);
    }
  };
}

// Without JavaScript the animated line is hidden and the full list shown instead.
const NO_SCRIPT_STYLE =
  "<style>[data-typing=live]{display:none!important}[data-typing=static]{display:inline!important}</style>";

/**
 * Types the skill names one after another. The server renders the first name complete (so the
 * line keeps its size), screen readers always get the whole list, and without JavaScript or with
 * reduced motion the whole list shows as plain text. Each step writes one text node directly
 * (no React render), so the animation costs next to nothing on the main thread.
 */
export function TypingText({ words, prefix }: { words: string[]; prefix: string }) {
  const list = words.map((w) => w.trim()).filter(Boolean);
  const key = list.join("\u0000");
  const typedRef = useRef<HTMLSpanElement>(null);
  const cursorRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const names = key ? key.split("\u0000") : [];
    const typed = typedRef.current;
    const media = window.matchMedia?.(REDUCED_MOTION);
    if (names.length === 0 || !typed) return;
    typed.textContent = names[0];
    if (media?.matches) return;
    let word = 0;
    let chars = names[0].length;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      typed.textContent = names[word].slice(0, chars);
      cursorRef.current?.classList.toggle("animate-pulse", chars >= names[word].length);
    };
    const step = () => {
      if (chars < names[word].length) {
        chars += 1;
      } else {
        word = (word + 1) % names.length;
        chars = 1;
      }
      show();
      timer = setTimeout(step, chars >= names[word].length ? PAUSE_MS : TYPE_MS);
    };
    const cancelStart = whenIdle(() => {
      typed.dataset.running = "true";
      timer = setTimeout(step, PAUSE_MS);
    });
    const stopOnReducedMotion = () => {
      if (media?.matches) clearTimeout(timer);
    };
    media?.addEventListener?.("change", stopOnReducedMotion);
    return () => {
      cancelStart();
      clearTimeout(timer);
      media?.removeEventListener?.("change", stopOnReducedMotion);
      delete typed.dataset.running;
    };
  }, [key]);

  if (list.length === 0) return null;
  return (
    <p className="text-xl font-semibold text-slate-700 sm:text-2xl">
      <span className="sr-only">{`${prefix} ${listText(list)}.`}</span>
      <span aria-hidden="true">{`${prefix} `}</span>
      <span aria-hidden="true" data-typing="live" className="text-brand-700 motion-reduce:hidden">
        <span ref={typedRef} data-typing-text="">
          {list[0]}
        </span>
        <span
          ref={cursorRef}
          className="ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] animate-pulse bg-brand-600"
        />
      </span>
      <span
        aria-hidden="true"
        data-typing="static"
        className="hidden text-brand-700 motion-reduce:inline"
      >
        {list.join(", ")}
      </span>
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_STYLE }} />
    </p>
  );
}
