/**
 * Which contact-form messages go to Spam, and why (the sentence the owner reads on the message).
 * A pure rule table (no clock, no secrets: app/utils/honeypot.server.ts gathers the inputs), see
 * docs/contact.md.
 *
 * Alone, each of these files a message as spam (no person produces them):
 * - the honeypot (a field people never see) is filled in;
 * - the form's signed "served at" stamp is missing, forged, or lies in the future.
 *
 * "Too fast" (sent sooner than CONTACT_MIN_FILL_MS after the form was served) is NOT enough by
 * itself: browser autofill makes honest people fast. It counts only together with one more sign:
 * - the subject or message contains a link (what spam is sent for);
 * - the subject and message hold more characters than a person can type in that time (autofill
 *   fills the name and email, not the message);
 * - no sign of a browser: no User-Agent, one that is not a browser's ("curl/8.5", "python-
 *   requests"), or no Accept-Language header (every browser sends one).
 */

/** How fast a person types, at most (a fast typist is near 8 characters a second). */
export const MAX_TYPED_PER_SECOND = 15;
/** Characters anyone may have "typed" at once (a greeting pasted, a short subject). */
export const TYPING_ALLOWANCE = 20;

export type SpamInput = {
  /** The honeypot field's value ('' when left empty). */
  honeypot: string;
  /** What the form's stamp says: when it was served, or why it cannot be read. */
  stamp: { servedAt: number } | { problem: "missing" | "forged" };
  /** When the message arrived (ms since the epoch). */
  now: number;
  /** The minimum fill time (CONTACT_MIN_FILL_MS); 0 turns the timer off. */
  minFillMs: number;
  subject: string;
  message: string;
  userAgent: string | null;
  acceptLanguage: string | null;
};

export type SpamVerdict = { spam: false } | { spam: true; reason: string };

/** How far in the future a stamp may lie (clocks of one process do not differ, but be kind). */
const FUTURE_TOLERANCE_MS = 5_000;

const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]|<a\s|\[url[\]=]/gi;

/** How many links a text holds (URLs, www. addresses, HTML or BBCode links). */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

const BROWSER = /^Mozilla\/5\.0 /;

/** Why a request does not look like a browser's, or null when it does. */
function notABrowser(userAgent: string | null, acceptLanguage: string | null): string | null {
  const agent = userAgent?.trim() ?? "";
  if (!agent) return "it came without a User-Agent (not a browser)";
  if (!BROWSER.test(agent)) {
    const shown = agent.length > 40 ? `${agent.slice(0, 39)}…` : agent;
    return `it came from “${shown}”, not a browser`;
  }
  if (!acceptLanguage?.trim()) return "it came without the language header every browser sends";
  return null;
}

/** "a", "a and b", "a, b and c". */
const listOf = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items[0];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Judges one contact-form submission. */
export function judgeContactForm(input: SpamInput): SpamVerdict {
  if (input.honeypot !== "") {
    return {
      spam: true,
      reason: "The hidden field that people never see (and bots fill in) was filled in.",
    };
  }
  if ("problem" in input.stamp) {
    return {
      spam: true,
      reason:
        input.stamp.problem === "missing"
          ? "The form's time stamp is missing: it was not sent from this site's contact page."
          : "The form's time stamp is forged: it was not sent from this site's contact page.",
    };
  }
  const elapsed = input.now - input.stamp.servedAt;
  if (elapsed < -FUTURE_TOLERANCE_MS) {
    return {
      spam: true,
      reason: "The form's time stamp lies in the future: it was forged.",
    };
  }
  if (elapsed >= input.minFillMs) return { spam: false };

  // Sent fast: spam only with another sign.
  const seconds = Math.max(0, elapsed) / 1000;
  const signs: string[] = [];
  const links = countLinks(`${input.subject}\n${input.message}`);
  if (links > 0) signs.push(`the message contains ${plural(links, "link")}`);
  const typed = input.subject.length + input.message.length;
  if (typed > TYPING_ALLOWANCE + seconds * MAX_TYPED_PER_SECOND) {
    signs.push(
      `its subject and message hold ${plural(typed, "character")} (more than a person types in that time)`,
    );
  }
  const program = notABrowser(input.userAgent, input.acceptLanguage);
  if (program) signs.push(program);
  if (signs.length === 0) return { spam: false };
  return {
    spam: true,
    reason: `Sent ${seconds.toFixed(1)} s after the form was opened, and ${listOf(signs)}.`,
  };
}
