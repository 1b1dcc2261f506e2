/** "A, B and C" */
export function listText(words: string[]) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// Without JavaScript the animated line is hidden and the full list shown instead.
const NO_SCRIPT_STYLE =
  "<style>[data-typing=live]{display:none!important}[data-typing=static]{display:inline!important}</style>";

/**
 * Types the skill names one after another (the enhancement script, app/enhance/typing.ts, reads
 * the whole list from `data-words`). The server renders the first name complete (so the line
 * keeps its size), screen readers always get the whole list, and without JavaScript or with
 * reduced motion the whole list shows as plain text.
 */
export function TypingText({ words, prefix }: { words: string[]; prefix: string }) {
  const list = words.map((w) => w.trim()).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <p className="text-xl font-semibold text-slate-700 sm:text-2xl">
      <span className="sr-only">{`${prefix} ${listText(list)}.`}</span>
      <span aria-hidden="true">{`${prefix} `}</span>
      <span
        aria-hidden="true"
        data-typing="live"
        data-words={JSON.stringify(list)}
        className="text-brand-700 motion-reduce:hidden"
      >
        <span data-typing-text="">{list[0]}</span>
        <span className="ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] animate-pulse bg-brand-600" />
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
