import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import type { AppConfig } from "../config"
import { trustedProxies } from "../lib/trustedProxies"

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
