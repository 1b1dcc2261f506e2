// Reads a running old backend (its base address): GET of its seven lists, nothing else. No cookie,
// token or other credential is sent, every read has a time limit (IMPORT_TIMEOUT_MS) and a size
// cap checked while the answer streams in, and redirects are followed a few times at most, to
// http(s) only. A list that fails is a problem for its kind; a backend that gives none of its lists
// (unreachable, not an old backend) is an ImportSourceError naming the address and the reason.
import { env } from "~/utils/env.server";
import { OLD_LISTS, snapshotOfOldLists, type OldList, type ReadList } from "./old-records";
import { ImportSourceError } from "./source-error";
import type { SourceSnapshot } from "./types";

/** A list larger than this is not a portfolio's. */
export const MAX_LIST_BYTES = 20 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

export type ReadOldBackendOptions = {
  /** Per list, the whole read (default IMPORT_TIMEOUT_MS). */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

type ListRead =
  | { ok: true; value: unknown; where: string; reason?: undefined; unreachable?: undefined }
  | { ok: false; where: string; reason: string; unreachable: boolean };

class ListFailure extends Error {}

/** The base address, checked: http(s), no credentials; without query, fragment or trailing slash. */
export function oldBackendBase(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new ImportSourceError(
      address,
      "it is not an address (give one like https://api.example.com)",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImportSourceError(address, "it is not an http:// or https:// address");
  }
  if (url.username || url.password) {
    throw new ImportSourceError(
      address,
      "it holds a user name or password; give the address without them (nothing is sent but GET requests)",
    );
  }
  url.search = "";
  url.hash = "";
  url.pathname = url.pathname.replace(/\/+$/, "");
  return url;
}

/** Why a request failed, in words: connection refused, host not found, no answer in time. */
function networkReason(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const code = err.cause?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET") return "the connection was closed";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return "the connection timed out";
  if (code?.startsWith("CERT_") || code?.includes("SELF_SIGNED") || code?.includes("TLS")) {
    return `its certificate was refused (${code})`;
  }
  return err.cause?.message ?? err.message;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The body, read up to `maxBytes` (the read stops there). */
async function boundedText(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get("content-length"));
  const tooLarge = () => new ListFailure(`its answer is larger than ${sizeText(maxBytes)}`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readList(
  base: URL,
  list: OldList,
  { timeoutMs, maxBytes, maxRedirects }: Required<ReadOldBackendOptions>,
): Promise<ListRead> {
  let url = new URL(`${base.href.replace(/\/+$/, "")}/${list}`);
  const where = `GET ${url.pathname}`;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await fetch(url, {
        method: "GET",
        headers: { Accept: "application/json" },
        credentials: "omit",
        redirect: "manual",
        signal,
      });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (redirects >= maxRedirects) throw new ListFailure("it redirects too many times");
        const next = new URL(location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:") {
          throw new ListFailure(`it redirects to ${next.protocol} (not http or https)`);
        }
        url = next;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ListFailure(`it answered ${res.status}`);
      }
      const text = await boundedText(res, maxBytes);
      try {
        return { ok: true, value: JSON.parse(text), where };
      } catch {
        throw new ListFailure("it did not answer JSON");
      }
    }
  } catch (error) {
    if (error instanceof ListFailure) {
      return { ok: false, where, reason: error.message, unreachable: false };
    }
    return { ok: false, where, reason: networkReason(error, timeoutMs), unreachable: true };
  }
}

/**
 * The old backend at `address` → a snapshot of its seven lists (read at once, each with its own
 * limits). Throws ImportSourceError when the address is not http(s) or no list could be read.
 */
export async function readOldBackend(
  address: string,
  options: ReadOldBackendOptions = {},
): Promise<SourceSnapshot> {
  const base = oldBackendBase(address);
  const limits = {
    timeoutMs: options.timeoutMs ?? env().IMPORT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MAX_LIST_BYTES,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
  };
  const reads = await Promise.all(OLD_LISTS.map((list) => readList(base, list, limits)));
  const source = base.href.replace(/\/+$/, "");
  const failed = reads.filter((read) => !read.ok);
  if (failed.length === reads.length && failed.every((read) => read.unreachable)) {
    throw new ImportSourceError(source, failed[0].reason);
  }
  if (!reads.some((read) => read.ok && Array.isArray(read.value))) {
    const answers = reads.map((read) =>
      read.ok ? `${read.where}: not a list` : `${read.where}: ${read.reason}`,
    );
    throw new ImportSourceError(
      source,
      `it does not answer like the old backend (${answers.slice(0, 3).join("; ")}; ...)`,
    );
  }
  const lists = {} as Record<OldList, ReadList>;
  OLD_LISTS.forEach((list, i) => {
    const read = reads[i];
    lists[list] = read.ok
      ? { value: read.value, where: read.where }
      : { missing: `${read.where} failed: ${read.reason}` };
  });
  return snapshotOfOldLists(source, lists, source);
}
