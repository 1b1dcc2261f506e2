/** The spec's list preview: the first `count` words, then '...' when there were more. */
export function truncateWords(text: string, count = 10): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(" ")}...` : words.join(" ");
}
