import { BlockList, isIP } from "node:net"
import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import type { AppConfig } from "../config"

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

const cache = new WeakMap<AppConfig, (address: string) => boolean>()
const trusts = (config: AppConfig) => {
  const known = cache.get(config)
  if (known) return known
  const setting = config.trustProxy
  const check = typeof setting === "boolean" ? () => setting : trustedProxies(setting)
  cache.set(config, check)
  return check
}

/**
 * The address throttling counts against. Walking from the socket peer back through
 * X-Forwarded-For, each hop that is a trusted proxy hands over to the address it forwarded for;
 * the first untrusted one is the client (entries further left were written by the client and can
 * be anything). `TRUST_PROXY=1` trusts any peer and one proxy: the last entry is the client.
 */
export const clientAddress = (request: HttpServerRequest.HttpServerRequest, config: AppConfig): string => {
  const peer = Option.getOrElse(request.remoteAddress, () => "unknown")
  const forwarded = (request.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
  if (config.trustProxy === true) return forwarded.at(-1) ?? peer
  const trusted = trusts(config)
  let client = peer
  for (let i = forwarded.length - 1; i >= 0 && trusted(client); i--) client = forwarded[i]
  return client
}
