// Size: the API cases of queue, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { readdir, readFile } from "node:fs/promises"
import { createServer } from "node:net"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppConfig, Config } from "../config"
import { dbLayer } from "../db/client"
import { Jobs, JobsWorkerLive } from "../jobs/jobs"
import { backends, eventually, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { freshDatabase, type TestDatabase } from "../test/databases"
import { Mailer, MailerLive, mailJob, outboxDir } from "./mailer"

/** A local port nothing listens on: connections to it are refused. */
const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === "object" && address ? address.port : 1
}

type MailRow = {
  attempts: number
  max_attempts: number
  last_error: string | null
  dead: boolean
  locked: boolean
  payload: unknown
}

describe.each(backends)("mails through the job queue on %s", (backend) => {
  describe("delivered", () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(backend)
    })
    afterAll(() => app?.close())

    it("leaves no job behind once the mail is written (its one-time code is not kept)", async () => {
      const user = await signup(app)
      const res = await app.call("POST", "/api/v2/auth/askLoginCode", {
        body: { email: user.email },
        headers: fromAddress(),
      })
      expect(res.status).toBe(202)
      await app.waitForMail((m) => m.includes(`To: ${user.email}`) && m.includes("/loginCode?code="))
      const left = await eventually(async () => {
        const rows = await app.sql(
          (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE kind = ${mailJob.kind}`,
        )
        return rows[0].n === 0 ? 0 : undefined
      })
      expect(left).toBe(0)
    })
  })

  describe("refused by the SMTP server", () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(backend, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` })
    })
    afterAll(() => app?.close())

    const mailRows = (email: string) =>
      app.sql(
        (sql) => sql<MailRow>`SELECT attempts, max_attempts, last_error, dead_at IS NOT NULL AS dead,
            locked_until IS NOT NULL AS locked, payload
          FROM jobs WHERE kind = ${mailJob.kind} AND payload ->> 'to' = ${email}`,
      )

    it("answers 202, keeps the mail to try again later, and after the last try keeps it dead without its text", async () => {
      const user = await signup(app)
      const res = await app.call("POST", "/api/v2/auth/askResetPassword", {
        body: { email: user.email },
        headers: fromAddress(),
      })
      expect(res.status).toBe(202)
      const failed = await eventually(async () => {
        // Both mails (the sign-up's confirmation and the reset link) failed once and wait.
        const rows = await mailRows(user.email)
        return rows.length === 2 && rows.every((r) => r.last_error !== null && !r.locked) ? rows : undefined
      })
      for (const row of failed) {
        expect(row).toMatchObject({ attempts: 1, dead: false })
        expect(row.payload).toMatchObject({ to: user.email, text: expect.any(String) })
      }
      // Its last try comes now.
      await app.sql(
        (sql) => sql`UPDATE jobs SET attempts = max_attempts - 1, run_at = now()
          WHERE kind = ${mailJob.kind} AND payload ->> 'to' = ${user.email}`,
      )
      const dead = await eventually(async () => {
        const rows = await mailRows(user.email)
        return rows.length > 0 && rows.every((r) => r.dead) ? rows : undefined
      })
      for (const row of dead) {
        expect(row.attempts).toBe(row.max_attempts)
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i)
        expect(Object.keys(row.payload as object).sort()).toEqual(["subject", "to"])
      }
    })
  })

  describe("sent inside a transaction", () => {
    let database: TestDatabase
    let runtime: ManagedRuntime.ManagedRuntime<Mailer | SqlClient.SqlClient, unknown>
    beforeAll(async () => {
      database = await freshDatabase(backend)
      const config = {
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        smtpUrl: undefined,
      } as AppConfig
      const base = Layer.provideMerge(dbLayer(config), Layer.succeed(Config, config))
      const mail = MailerLive.pipe(Layer.provideMerge(Jobs.Default))
      runtime = ManagedRuntime.make(
        Layer.mergeAll(JobsWorkerLive).pipe(Layer.provideMerge(mail), Layer.provideMerge(base)),
      )
    })
    afterAll(async () => {
      await runtime?.dispose()
      await database?.drop()
    })

    const outbox = async () => {
      const dir = outboxDir(database.dataDir)
      const files = await readdir(dir).catch(() => [])
      return Promise.all(files.map((f) => readFile(join(dir, f), "utf8")))
    }

    it("leaves only if the transaction commits", async () => {
      const send = (to: string) =>
        Effect.flatMap(Mailer, (mailer) =>
          mailer.send({ to, subject: "Code", text: "123", link: "http://x" }),
        )
      await runtime.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const rolledBack = yield* sql
            .withTransaction(Effect.zipRight(send("rolled-back@example.org"), Effect.fail("abort")))
            .pipe(Effect.either)
          expect(rolledBack._tag).toBe("Left")
          yield* sql.withTransaction(send("committed@example.org"))
        }),
      )
      await eventually(async () =>
        (await outbox()).some((m) => m.includes("committed@")) ? true : undefined,
      )
      // Sent after, so written after: once it is there, the queue has been read past the rolled-back one.
      await runtime.runPromise(send("marker@example.org"))
      await eventually(async () => ((await outbox()).some((m) => m.includes("marker@")) ? true : undefined))
      expect((await outbox()).some((m) => m.includes("rolled-back@"))).toBe(false)
    })
  })
})
