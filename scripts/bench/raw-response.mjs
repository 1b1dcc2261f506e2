// One GET answered exactly as it came over the wire: status, header pairs in order and the body
// bytes still encoded (fetch() would decompress them).
import http from "node:http";

/** @returns {Promise<{ status: number, headers: [string, string][], body: Buffer }>} */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const pairs = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
  });
}

/** The value of a header (case-insensitive) in a list of pairs, or undefined. */
export function headerOf(pairs, name) {
  const lower = name.toLowerCase();
  return pairs.find(([key]) => key.toLowerCase() === lower)?.[1];
}
