import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import type { AppConfig } from "../config"

/** The address throttling counts against: the socket peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientAddress = (request: HttpServerRequest.HttpServerRequest, config: AppConfig): string => {
  const forwarded = request.headers["x-forwarded-for"]
  if (config.trustProxy && forwarded) return forwarded.split(",")[0].trim()
  return Option.getOrElse(request.remoteAddress, () => "unknown")
}
