import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import type { AppConfig } from "../config"

/**
 * The address throttling counts against: the socket peer, or, behind a trusted proxy, the last
 * X-Forwarded-For entry. That one is the peer our proxy saw; the entries before it come from the
 * client and can be anything.
 */
export const clientAddress = (request: HttpServerRequest.HttpServerRequest, config: AppConfig): string => {
  const forwarded = request.headers["x-forwarded-for"]
  const last = forwarded
    ?.split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .at(-1)
  if (config.trustProxy && last) return last
  return Option.getOrElse(request.remoteAddress, () => "unknown")
}
