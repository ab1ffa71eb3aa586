import { mkdir, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import { Effect, Schema } from "effect"
import { createTransport } from "nodemailer"
import { Config } from "../config"
import { Jobs } from "../jobs/jobs"
import type { MailContent } from "./texts"

export interface Mail extends MailContent {
  readonly to: string
  /** The link the mail carries, logged when there is no SMTP server so a local user can follow it. */
  readonly link: string
}

export const outboxDir = (dataDir: string) => join(dataDir, "outbox")

/**
 * The address as a file name part: any valid address may hold `/` or `..`, so only [a-z0-9@._-]
 * is kept and runs of dots are cut, and a crafted address never names a path outside the outbox.
 */
export const fileNamePart = (address: string) =>
  address
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, "_")
    .replace(/\.{2,}/g, "_")
    .slice(0, 120)

const sender = "Sillon <no-reply@sillon.local>"

type Deliver = (mail: Mail) => Effect.Effect<void, unknown>

const smtpDelivery = (url: string): Deliver => {
  const transport = createTransport(url)
  return (mail) =>
    Effect.tryPromise(() =>
      transport.sendMail({ from: sender, to: mail.to, subject: mail.subject, text: mail.text }),
    )
}

const outboxDelivery = (dir: string): Deliver => {
  let sequence = 0
  return (mail) =>
    Effect.tryPromise(async () => {
      await mkdir(dir, { recursive: true })
      // The sequence keeps two mails of the same millisecond apart.
      const stamp = new Date().toISOString().replace(/:/g, "-")
      const name = `${stamp}-${String(++sequence).padStart(4, "0")}-${fileNamePart(mail.to)}.txt`
      const file = resolve(dir, name)
      if (dirname(file) !== resolve(dir)) throw new Error(`Mail file name ${name} leaves the outbox`)
      await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { flag: "wx" })
      return file
    }).pipe(Effect.flatMap((file) => Effect.logInfo(`Mail to ${mail.to} written to ${file}: ${mail.link}`)))
}

/** The mail as a `mail` job carries it. */
const MailPayload = Schema.Struct({
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  link: Schema.String,
})

/** A dead mail keeps who it was for and its subject: its text and link hold one-time codes. */
const redactMail = (payload: unknown) => {
  const { to, subject } = (payload ?? {}) as { to?: unknown; subject?: unknown }
  return { to, subject }
}

export const mailJob = {
  kind: "mail",
  /** A refused or unreachable SMTP server is tried again for about a day: after 30 s, 1 min, 2 min… then hourly. */
  options: {
    maxAttempts: 30,
    backoff: "30 seconds",
    maxBackoff: "1 hour",
    lease: "2 minutes",
    redact: redactMail,
  },
} as const

/**
 * SMTP when SMTP_URL is set; otherwise one text file per mail in DATA_DIR/outbox.
 * `send` enqueues a `mail` job (server/jobs) and returns: a request answers the same, as fast, and
 * never fails whether a mail goes out, is slow, or is refused by the SMTP server (that would
 * reveal which accounts exist). Inside a transaction the mail leaves only if it commits. The `mail`
 * handler delivers; a failure is logged and tried again later, the job kept as dead after the last
 * try (without its text).
 */
export class Mailer extends Effect.Service<Mailer>()("Mailer", {
  effect: Effect.gen(function* () {
    const config = yield* Config
    const jobs = yield* Jobs
    const deliver = config.smtpUrl ? smtpDelivery(config.smtpUrl) : outboxDelivery(outboxDir(config.dataDir))
    const decode = Schema.decodeUnknown(MailPayload)
    yield* jobs.register(
      mailJob.kind,
      (payload) => Effect.flatMap(decode(payload), (mail) => deliver(mail)),
      mailJob.options,
    )
    return {
      /** Queues the mail (with the ambient transaction, if any) and returns; delivery happens in the background. */
      send: (mail: Mail): Effect.Effect<void> =>
        jobs
          .enqueue(mailJob.kind, { to: mail.to, subject: mail.subject, text: mail.text, link: mail.link })
          .pipe(Effect.orDie, Effect.asVoid),
    }
  }),
  dependencies: [Jobs.Default],
}) {}

/** `Mailer.Default` (with its `Jobs`), under the name app.ts wires. */
export const MailerLive = Mailer.Default
