// MongoDB Extended JSON (what `mongoexport` writes) back to plain JSON values: `{"$oid": "..."}`
// → the hex string, `{"$date": ...}` → an ISO timestamp, `{"$numberInt": "5"}` and the other
// number wrappers → numbers. Relaxed and canonical modes alike; other `$` types are left as they
// are (the applier's validation refuses what it cannot store).

const NUMBER_WRAPPERS = ["$numberInt", "$numberLong", "$numberDouble", "$numberDecimal"] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{"$numberLong": "12"}` → 12 (a long beyond 2^53 stays its digits, as text). */
function numberOf(key: (typeof NUMBER_WRAPPERS)[number], text: unknown): unknown {
  if (typeof text !== "string") return text;
  const n = Number(text);
  if (key === "$numberLong" && !Number.isSafeInteger(n)) return text;
  return n;
}

/** `{"$date": "2023-05-14T00:00:00Z"}`, `{"$date": {"$numberLong": "1684022400000"}}` or `{"$date": 1684022400000}` → ISO text. */
function dateOf(value: unknown): unknown {
  const raw = isPlainObject(value) ? fromExtendedJson(value) : value;
  if (typeof raw === "number" && Number.isFinite(raw)) {
    const date = new Date(raw);
    return Number.isNaN(date.getTime()) ? raw : date.toISOString();
  }
  return raw;
}

/** A value with every Extended JSON wrapper it holds replaced by its plain value. */
export function fromExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromExtendedJson);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const [key] = keys;
    if (key === "$oid" && typeof value.$oid === "string") return value.$oid;
    if (key === "$date") return dateOf(value.$date);
    const wrapper = NUMBER_WRAPPERS.find((k) => k === key);
    if (wrapper) return numberOf(wrapper, value[wrapper]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = fromExtendedJson(inner);
  return out;
}
