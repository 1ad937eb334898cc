// NAT64 (RFC 6052's well-known prefix 64:ff9b::/96): on an IPv6-only network with DNS64, as
// many clusters are, 64:ff9b::a9fe:a9fe reaches 169.254.169.254. A metadata document's host
// resolving to such an address is as private as the IPv4 address inside it.

import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../src/auth/clients.js";

describe("NAT64 addresses", () => {
  it.each([
    ["64:ff9b::7f00:1", true], // 127.0.0.1
    ["64:ff9b::a9fe:a9fe", true], // 169.254.169.254, cloud metadata
    ["64:ff9b::10.1.2.3", true],
    ["64:FF9B::C0A8:1", true], // 192.168.0.1
    ["64:ff9b::5db8:d822", false], // 93.184.216.34, public
  ])("counts %s as private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
