import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { makeWebApp } from "../../server/app"
import { RefreshTokens } from "../../server/auth/refresh"
import { Users } from "../../server/auth/users"
import { configFromEnv } from "../../server/config"
import { type Figure, percentile } from "./report"

const timeEach = async (rounds: number, run: () => Promise<unknown>) => {
  const times: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await run()
    times.push((performance.now() - start) * 1000)
  }
  return times
}

/**
 * What revocable access tokens cost: the session check every authenticated request now makes
 * (one indexed read of the session and its account's row, which GET /me answers with), against
 * reading the profile alone by its id, both on the same embedded database in this process.
 */
export const measureSessionCheck = async (rounds: number): Promise<ReadonlyArray<Figure>> => {
  const dataDir = await mkdtemp(join(tmpdir(), "sillon-bench-session-"))
  const app = await makeWebApp({ ...configFromEnv({}), dataDir, seedDemo: false, port: 0 })
  try {
    const run = <A>(effect: Effect.Effect<A, unknown, RefreshTokens | Users>) =>
      app.runtime.runPromise(effect)
    const { userId, sessionId } = await run(
      Effect.gen(function* () {
        const users = yield* Users
        const user = yield* users.create({
          email: "bench@sillon.test",
          passwordHash: null,
          firstname: "B",
          lastname: "B",
        })
        if (!user) throw new Error("no user")
        const session = yield* (yield* RefreshTokens).issue(user.id, false)
        return { userId: user.id, sessionId: session.sessionId }
      }),
    )
    const check = Effect.flatMap(RefreshTokens, (s) => s.sessionState(sessionId, userId))
    const profile = Effect.flatMap(Users, (u) => u.byId(userId))
    await timeEach(200, () => run(check)) // warm-up
    await timeEach(200, () => run(profile))
    const checks = await timeEach(rounds, () => run(check))
    const reads = await timeEach(rounds, () => run(profile))
    return [
      {
        name: `session check per authenticated request, p50 (${rounds} sequential, PGlite)`,
        value: percentile(checks, 50),
        baseline: percentile(reads, 50),
        unit: "µs",
        baselineName: "reading the profile alone by its id",
      },
    ]
  } finally {
    await app.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}
