import { SignJWT } from "jose"

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
const now = () => Math.floor(Date.now() / 1000)
const isUuid = (v: unknown) => typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(v)

/**
 * Tokens a caller may forge or replay, each with a label for the failure list. They start from
 * the claims of `valid`, whatever the server puts there, so that the one claim changed is what
 * the server meets. Those signed with the server's `secret` pass the signature check and reach
 * the claims' checks and whatever reads the account behind them; `gone` is an id nobody has.
 */
export const tamperedTokens = async (secret: string, valid: string, gone: string) => {
  const key = new TextEncoder().encode(secret)
  const [h, p, s] = valid.split(".")
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>
  const signed = (changes: Record<string, unknown>, alg = "HS256") =>
    new SignJWT(
      Object.fromEntries(Object.entries({ ...claims, ...changes }).filter(([, v]) => v !== undefined)),
    )
      .setProtectedHeader({ alg })
      .sign(key)
  const none = Object.fromEntries(Object.keys(claims).map((k) => [k, undefined]))
  const otherIds = Object.fromEntries(
    Object.keys(claims).map((k) => [k, isUuid(claims[k]) ? gone : claims[k]]),
  )
  return [
    ["alg none", `${b64({ alg: "none", typ: "JWT" })}.${p}.`],
    ["bad signature", `${valid.slice(0, -4)}${valid.endsWith("AAAA") ? "BBBB" : "AAAA"}`],
    ["other payload", `${h}.${b64({ ...claims, exp: now() + 86_400, admin: true })}.${s}`],
    ["expired", await signed({ exp: now() - 60 })],
    ["no exp", await signed({ exp: undefined })],
    ["exp far", await signed({ exp: 1e20 })],
    ["exp text", await signed({ exp: "never" })],
    ["issued later", await signed({ iat: now() + 86_400 })],
    ["no sub", await signed({ sub: undefined })],
    ["sub not an id", await signed({ sub: "' OR 1=1--" })],
    ["sub an object", await signed({ sub: { id: claims.sub } })],
    ["gone account", await signed({ sub: gone })],
    ["every id gone", await signed(otherIds)],
    ["only sub and exp", await signed({ ...none, sub: claims.sub, exp: claims.exp })],
    ["HS512", await signed({}, "HS512")],
    ["payload array", `${h}.${Buffer.from("[]").toString("base64url")}.${s}`],
    ["garbage", "garbage"],
    ["three dots", "a.b.c"],
    ["empty parts", ".."],
    ["huge", "a".repeat(9000)],
  ] as const
}
