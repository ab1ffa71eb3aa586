import { type Algorithm, hash, verify } from "@node-rs/argon2"
import { Effect } from "effect"

/** OWASP argon2id parameters: 19 MiB, 2 passes, 1 lane. */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => Effect.promise(() => hash(password, options))

/** A hash of nothing anyone knows, verified when the account does not exist so both paths cost the same. */
const decoy = hash("sillon-decoy-password", options)

export const verifyPassword = (passwordHash: string | null, password: string) =>
  Effect.promise(async () =>
    passwordHash === null
      ? verify(await decoy, password).then(() => false)
      : verify(passwordHash, password).catch(() => false),
  )
