import { describe, expect, it } from "vitest";
import { contentClock } from "./content-clock";

describe("contentClock", () => {
  it("reads the version at most once per maxStaleMs, at once after expire() or fresh()", () => {
    let t = 0;
    let version = 1;
    let reads = 0;
    const clock = contentClock({
      read: () => (reads++, version),
      maxStaleMs: 100,
      now: () => t,
    });
    expect(clock.current()).toBe(1);
    version = 2; // another process commits
    t = 99;
    expect(clock.current()).toBe(1); // within the bound: the last read is reused
    expect(reads).toBe(1);
    t = 100;
    expect(clock.current()).toBe(2); // the bound reached: read again
    version = 3;
    clock.expire(); // a write through this server
    expect(clock.current()).toBe(3);
    version = 4;
    expect(clock.fresh()).toBe(4);
    expect(clock.current()).toBe(4);
    expect(reads).toBe(4);
  });

  it("reads every time with a bound of 0", () => {
    let version = 0;
    const clock = contentClock({ read: () => ++version, maxStaleMs: 0, now: () => 5 });
    expect([clock.current(), clock.current()]).toEqual([1, 2]);
  });
});
