import morgan from "morgan";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { accessLogLine, clfDate } from "./access-log";

/** The line morgan writes for the same request and answer (what server/app.ts logs). */
function morganLine(format: string, req: object, res: object): string {
  const line = morgan.compile((morgan as unknown as Record<string, string>)[format]);
  return String(
    line(
      morgan as unknown as Parameters<typeof line>[0],
      req as IncomingMessage,
      res as ServerResponse,
    ),
  );
}

const req = {
  method: "GET",
  url: "/projects?page=2",
  originalUrl: "/projects?page=2",
  httpVersionMajor: 1,
  httpVersionMinor: 1,
  headers: { referer: "https://folio.example/", "user-agent": "Mozilla/5.0 (X11)" },
  ip: "203.0.113.9",
  _remoteAddress: "203.0.113.9",
  socket: { remoteAddress: "127.0.0.1" },
  _startAt: [0, 0],
};
const res = (status: number, length?: number) => ({
  statusCode: status,
  headersSent: true,
  _header: "x",
  getHeader: (name: string) => (name === "content-length" ? length : undefined),
});
const withoutDate = (line: string) => line.replace(/\[[^\]]+\]/, "[DATE]");

describe("accessLogLine", () => {
  it("is morgan's combined line in production, for a 200 and a 304", () => {
    for (const [status, length] of [
      [200, 5123],
      [304, undefined],
    ] as const) {
      const ours = accessLogLine(
        req as unknown as IncomingMessage,
        { ip: "203.0.113.9", status, length, startedAt: 0 },
        { production: true },
      );
      expect(withoutDate(ours)).toBe(withoutDate(morganLine("combined", req, res(status, length))));
      expect(ours).toMatch(/\[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000\]/);
    }
  });

  it("is morgan's dev line otherwise (status in green, response time, length)", () => {
    const ours = accessLogLine(
      req as unknown as IncomingMessage,
      { ip: "x", status: 200, length: 12, startedAt: performance.now() },
      { production: false },
    );
    const esc = "\u001b";
    expect(ours.startsWith(`${esc}[0mGET /projects?page=2 ${esc}[32m200${esc}[0m `)).toBe(true);
    expect(ours.endsWith(` ms - 12${esc}[0m`)).toBe(true);
    expect(ours.split(" ")[3]).toMatch(/^\d+\.\d{3}$/);
  });

  it("formats dates like morgan's :date[clf]", () => {
    expect(clfDate(new Date(Date.UTC(2026, 0, 5, 3, 4, 5)))).toBe("05/Jan/2026:03:04:05 +0000");
  });
});
