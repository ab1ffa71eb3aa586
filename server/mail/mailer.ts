import { mkdir, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import { Context, Effect, Layer } from "effect"
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
  { readonly send: (mail: Mail) => Effect.Effect<void> }
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

/** SMTP when SMTP_URL is set; otherwise one text file per mail in DATA_DIR/outbox. */
export const MailerLive = Layer.effect(
  Mailer,
  Effect.gen(function* () {
    const config = yield* Config
    if (config.smtpUrl) {
      const transport = createTransport(config.smtpUrl)
      return {
        send: (mail) =>
          Effect.promise(() =>
            transport.sendMail({ from: sender, to: mail.to, subject: mail.subject, text: mail.text }),
          ),
      }
    }
    const dir = outboxDir(config.dataDir)
    let sequence = 0
    return {
      send: (mail) =>
        Effect.promise(async () => {
          await mkdir(dir, { recursive: true })
          // The sequence keeps two mails of the same millisecond apart.
          const stamp = new Date().toISOString().replace(/:/g, "-")
          const name = `${stamp}-${String(++sequence).padStart(4, "0")}-${fileNamePart(mail.to)}.txt`
          const file = resolve(dir, name)
          if (dirname(file) !== resolve(dir)) throw new Error(`Mail file name ${name} leaves the outbox`)
          await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { flag: "wx" })
          return file
        }).pipe(
          Effect.flatMap((file) => Effect.logInfo(`Mail to ${mail.to} written to ${file}: ${mail.link}`)),
        ),
    }
  }),
)
