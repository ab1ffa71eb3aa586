import { type MessageCode, serverMessages } from "../../schema/messages"

/**
 * The message code a failed call carries: the contract's tagged errors have a `code`; anything
 * else (network down, undecodable answer) is the generic message.
 */
export const errorCode = (error: unknown): MessageCode => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" && code in serverMessages ? (code as MessageCode) : "generic"
}

/** The `_tag` of a failed call, for guards (`Unauthorized`, `Conflict`, ...). */
export const errorTag = (error: unknown): string | null => {
  const tag = (error as { _tag?: unknown } | null)?._tag
  return typeof tag === "string" ? tag : null
}
