import { hash, verify } from "@node-rs/argon2"
import { type Figure, percentile } from "./report"

const argon = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/** Sign-in p95 (sequential), against argon2id verification alone with the same parameters. */
export const measureSignIn = async (
  base: string,
  credentials: { email: string; password: string },
  rounds: number,
): Promise<ReadonlyArray<Figure>> => {
  const times: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    const res = await fetch(`${base}/api/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...credentials, rememberMe: false }),
    })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`)
    times.push(performance.now() - start)
  }
  const digest = await hash(credentials.password, argon)
  const hashing: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await verify(digest, credentials.password)
    hashing.push(performance.now() - start)
  }
  return [
    {
      name: `sign-in p95 (${rounds} sequential)`,
      value: percentile(times, 95),
      baseline: percentile(hashing, 95),
      unit: "ms",
      baselineName: "argon2id verify alone",
    },
  ]
}
