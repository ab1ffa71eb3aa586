import { createHash, randomBytes, randomInt } from "node:crypto"
import { loginCodeAlphabet, loginCodeLength } from "../../src/schema/auth"

/** Tokens and codes are stored as SHA-256: they are long random values, so no salt or slow hash is needed. */
export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex")

/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString("base64url")

export const randomLoginCode = (): string =>
  Array.from({ length: loginCodeLength }, () => loginCodeAlphabet[randomInt(loginCodeAlphabet.length)]).join(
    "",
  )
