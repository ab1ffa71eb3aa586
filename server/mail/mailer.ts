import { mkdir, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import { Context, Effect, FiberSet, Layer } from "effect"
import { createTransport } from "nodemailer"
import { Config } from "../config"
import type { MailContent } from "./texts"

export interface Mail extends MailContent {
  readonly to: string
  /** The link the mail carries, logged when there is no SMTP server so a local user can follow it. */
  readonly link: string
}

export class Mailer extends Context.Tag("Mailer")<
  Mailer,
  {
    /** Hands the mail over and returns at once; delivery happens in the background. */
    readonly send: (mail: Mail) => Effect.Effect<void>
  }
>() {}

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

/**
 * SMTP when SMTP_URL is set; otherwise one text file per mail in DATA_DIR/outbox.
 * Delivery runs in the background: a request answers the same, as fast, and never fails whether a
 * mail goes out, is slow, or is refused by the SMTP server (that would reveal which accounts exist).
 * Failures are logged; at shutdown, pending mails get up to 10 seconds to leave.
 */
export const MailerLive = Layer.scoped(
  Mailer,
  Effect.gen(function* () {
    const config = yield* Config
    const deliver = config.smtpUrl ? smtpDelivery(config.smtpUrl) : outboxDelivery(outboxDir(config.dataDir))
    const pending = yield* FiberSet.make()
    // Added after the set, so it runs before the set interrupts what is left.
    yield* Effect.addFinalizer(() =>
      FiberSet.awaitEmpty(pending).pipe(Effect.timeout("10 seconds"), Effect.ignore),
    )
    return {
      send: (mail) =>
        FiberSet.run(
          pending,
          deliver(mail).pipe(
            Effect.catchAllCause((cause) => Effect.logError(`Mail to ${mail.to} not delivered`, cause)),
          ),
        ).pipe(Effect.asVoid),
    }
  }),
)
