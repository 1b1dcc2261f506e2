import { describe, expect, it } from "vitest";
import { clientAddress, clientIp } from "./client-ip.server";
import { CLIENT_IP_HEADER } from "./http-names.server";

describe("clientAddress (computed once, by the server)", () => {
  const socketAddress = "192.0.2.1";
  it("is the socket's address without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress({ socketAddress, forwardedFor: "203.0.113.5", trustProxy: false })).toBe(
      socketAddress,
    );
  });
  it("is X-Forwarded-For's first hop behind a trusted proxy", () => {
    expect(
      clientAddress({ socketAddress, forwardedFor: " 203.0.113.5 , 10.0.0.1", trustProxy: true }),
    ).toBe("203.0.113.5");
    expect(
      clientAddress({ socketAddress, forwardedFor: ["203.0.113.6", "10.0.0.1"], trustProxy: true }),
    ).toBe("203.0.113.6");
  });
  it("falls back to the socket (or 'unknown') when the proxy sent no usable address", () => {
    for (const forwardedFor of [undefined, "", " , 10.0.0.1"])
      expect(clientAddress({ socketAddress, forwardedFor, trustProxy: true })).toBe(socketAddress);
    expect(clientAddress({ socketAddress: undefined, forwardedFor: "", trustProxy: true })).toBe(
      "unknown",
    );
  });
});

describe("clientIp (read by the app)", () => {
  it("is the address the server stamped, never X-Forwarded-For read again", () => {
    const request = new Request("http://folio.test/", {
      headers: { [CLIENT_IP_HEADER]: "192.0.2.9", "X-Forwarded-For": "203.0.113.5" },
    });
    expect(clientIp(request)).toBe("192.0.2.9");
    expect(clientIp(new Request("http://folio.test/"))).toBe("unknown");
  });
});
