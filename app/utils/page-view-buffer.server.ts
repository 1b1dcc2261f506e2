// The page views counted since the last write (app/utils/page-views.server.ts), added up in
// memory: one entry per day, client address, user agent, host, page and referring site. The raw
// address and user agent only ever live here, until the entry is written as a visitor hash.
// Bounded: beyond `maxKeys` different entries a new one is not kept (its view is dropped and
// counted in `dropped`), so a flood of distinct clients cannot grow the memory without end.

/** One buffered entry: `views` views with the same key. */
export type BufferedViews = {
  /** The UTC day of the views, YYYY-MM-DD. */
  day: string;
  ip: string;
  userAgent: string;
  host: string;
  path: string;
  projectId: number | null;
  referrer: string;
  views: number;
};

export type BufferedView = Omit<BufferedViews, "views">;

export const DEFAULT_MAX_KEYS = 10_000;

export class PageViewBuffer {
  readonly maxKeys: number;
  /** Views not kept because the buffer was full (since the last `takeDropped`). */
  dropped = 0;
  private entries = new Map<string, BufferedViews>();

  constructor(maxKeys = DEFAULT_MAX_KEYS) {
    this.maxKeys = maxKeys;
  }

  /** Different keys buffered. */
  get size(): number {
    return this.entries.size;
  }

  /** Adds one view; false when it was dropped (the buffer is full and its key is new). */
  add(view: BufferedView): boolean {
    // Header values never hold a line break: "\n" cannot make two keys the same.
    const key = `${view.day}\n${view.ip}\n${view.userAgent}\n${view.host}\n${view.path}\n${view.referrer}`;
    const entry = this.entries.get(key);
    if (entry) {
      entry.views += 1;
      return true;
    }
    if (this.entries.size >= this.maxKeys) {
      this.dropped += 1;
      return false;
    }
    this.entries.set(key, { ...view, views: 1 });
    return true;
  }

  /** Everything buffered, which is emptied. */
  take(): BufferedViews[] {
    const taken = [...this.entries.values()];
    this.entries = new Map();
    return taken;
  }

  /** How many views were dropped since the last call (and resets the count). */
  takeDropped(): number {
    const dropped = this.dropped;
    this.dropped = 0;
    return dropped;
  }
}
