import { PAUSE_MS, TYPE_MS, reducedMotion, whenIdle } from "./timing";

/**
 * Types the skill names one after another in `[data-typing=live]`. The names come from the
 * markup (`data-words`, a JSON list: the whole list, as the server knows it); the server renders
 * the first one complete. With reduced motion nothing runs (CSS shows the static list then).
 */
export function startTyping(root: ParentNode = document) {
  const live = root.querySelector<HTMLElement>("[data-typing=live][data-words]");
  const typed = live?.querySelector<HTMLElement>("[data-typing-text]");
  if (!live || !typed) return;
  let names: string[];
  try {
    names = (JSON.parse(live.dataset.words ?? "[]") as unknown[]).filter(
      (n): n is string => typeof n === "string" && n.length > 0,
    );
  } catch {
    return;
  }
  if (names.length === 0 || reducedMotion()) return;
  const cursor = typed.nextElementSibling;
  let word = 0;
  let chars = names[0].length;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    if (reducedMotion()) return;
    if (chars < names[word].length) chars += 1;
    else {
      word = (word + 1) % names.length;
      chars = 1;
    }
    const done = chars >= names[word].length;
    typed.textContent = names[word].slice(0, chars);
    cursor?.classList.toggle("animate-pulse", done);
    timer = setTimeout(step, done ? PAUSE_MS : TYPE_MS);
  };
  whenIdle(() => {
    clearTimeout(timer);
    live.dataset.running = "true";
    timer = setTimeout(step, PAUSE_MS);
  });
}
