import { createHash, randomBytes } from "node:crypto"

/**
 * A box's secret: 32 random bytes, base64url (43 characters, safe in a URL: a phone speaking
 * OsmAnd sends it as its device id). Shown once when issued; only its SHA-256 is stored — a
 * random secret of that length needs no slow hash, and the digest is what the lookup is keyed by.
 */
export const newSecret = () => randomBytes(32).toString("base64url")

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex")
