import { BlockList, isIP } from "node:net"

// TRUST_PROXY's entries, read by the configuration at start and by the HTTP layer per request.

/** Named ranges TRUST_PROXY accepts besides addresses and CIDR blocks. */
const namedRanges: Record<string, ReadonlyArray<string>> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "169.254.0.0/16", "fe80::/10"],
}

/** The default: a reverse proxy on this host or on a private network, never a peer on the internet. */
export const defaultTrustedProxies: ReadonlyArray<string> = ["loopback", "private"]

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4")

/** Whether an address belongs to the trusted proxies; malformed entries of TRUST_PROXY throw at start. */
export const trustedProxies = (entries: ReadonlyArray<string>): ((address: string) => boolean) => {
  const list = new BlockList()
  for (const entry of entries.flatMap((e) => namedRanges[e] ?? [e])) {
    const [base, bits] = entry.split("/")
    if (isIP(base) === 0) throw new Error(`TRUST_PROXY: '${entry}' is not an address or a CIDR block`)
    if (bits === undefined) list.addAddress(base, family(base))
    else list.addSubnet(base, Number(bits), family(base))
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.)/, "") // IPv4 seen through an IPv6 socket
    return isIP(plain) !== 0 && list.check(plain, family(plain))
  }
}
