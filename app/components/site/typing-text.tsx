import { useEffect, useState } from "react";

/** The spec's typing animation: 90 ms a character, 1300 ms pause on a full name, wrapping around. */
export const TYPE_MS = 90;
export const PAUSE_MS = 1300;

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** "A, B and C" */
export function listText(words: string[]) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// Without JavaScript the animated line is hidden and the full list shown instead.
const NO_SCRIPT_STYLE =
  "<style>[data-typing=live]{display:none!important}[data-typing=static]{display:inline!important}</style>";

/**
 * Types the skill names one after another. The server renders the first name complete (so the
 * line keeps its size), screen readers always get the whole list, and without JavaScript or with
 * reduced motion the whole list shows as plain text.
 */
export function TypingText({ words, prefix }: { words: string[]; prefix: string }) {
  const list = words.map((w) => w.trim()).filter(Boolean);
  const key = list.join("\u0000");
  const [state, setState] = useState({ word: 0, chars: list[0]?.length ?? 0 });
  const [running, setRunning] = useState(false);

  useEffect(() => {
    const names = key ? key.split("\u0000") : [];
    if (names.length === 0 || reducedMotion()) return;
    let word = 0;
    let chars = names[0].length;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      if (chars < names[word].length) {
        chars += 1;
      } else {
        word = (word + 1) % names.length;
        chars = 1;
      }
      setState({ word, chars });
      timer = setTimeout(step, chars >= names[word].length ? PAUSE_MS : TYPE_MS);
    };
    setRunning(true);
    setState({ word, chars });
    timer = setTimeout(step, PAUSE_MS);
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    const stop = () => {
      if (!media.matches) return;
      clearTimeout(timer);
      setRunning(false);
    };
    media.addEventListener?.("change", stop);
    return () => {
      clearTimeout(timer);
      media.removeEventListener?.("change", stop);
    };
  }, [key]);

  if (list.length === 0) return null;
  const typed = list[state.word % list.length].slice(0, state.chars);
  // A full name pauses before the next one starts typing.
  const full = state.chars === list[state.word % list.length].length;
  return (
    <p className="text-xl font-semibold text-slate-700 sm:text-2xl" data-running={running}>
      <span className="sr-only">{`${prefix} ${listText(list)}.`}</span>
      <span aria-hidden="true">{`${prefix} `}</span>
      <span aria-hidden="true" data-typing="live" className="text-brand-700 motion-reduce:hidden">
        {typed}
        <span
          className={`ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] bg-brand-600 ${full ? "animate-pulse" : ""}`}
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
