import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { serverLayer } from "./app"
import { Users } from "./auth/users"
import { configFromEnv } from "./config"
import { DbInfo } from "./db/client"
import { demoSignIn } from "./seed"

const config = configFromEnv()

const announce = Layer.effectDiscard(
  Effect.gen(function* () {
    const db = yield* DbInfo
    const demo = yield* Users.pipe(Effect.flatMap((users) => users.byEmail(demoSignIn.email)))
    const where = db.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"
    const mail = config.smtpUrl ? "SMTP" : `files in ${config.dataDir}/outbox`
    yield* Effect.logInfo(
      [
        `Sillon listening on http://${config.host}:${config.port}`,
        `  database: ${db.kind} — ${where}`,
        `  e-mail: ${mail}; links point to ${config.publicUrl}`,
        `  API docs: http://${config.host}:${config.port}/api/docs`,
        demo
          ? `  demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}`
          : "  no demo data (SEED_DEMO=1 adds it)",
      ].join("\n"),
    )
  }),
)

Layer.launch(announce.pipe(Layer.provide(serverLayer(config)))).pipe(NodeRuntime.runMain)
