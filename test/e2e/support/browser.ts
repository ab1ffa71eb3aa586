import { type Browser, chromium } from "playwright-core"

/**
 * Debian's Chromium, as STACK.md says: Playwright cannot download its own browser here. `extra`
 * adds switches for one test file (a fake microphone, say).
 */
export const launchBrowser = (extra: ReadonlyArray<string> = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extra,
    ],
  })

/** The link a mail in the outbox points to (mails carry exactly one link to the app). */
export const linkIn = (mail: string, base: string): string => {
  const match = mail.match(new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"'<>]+`))
  if (!match) throw new Error(`no link to ${base} in mail:\n${mail}`)
  return match[0]
}
