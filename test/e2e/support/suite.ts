import type { Browser } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import { launchBrowser } from "./browser"
import { type RunningServer, startServer } from "./server"

/**
 * A test file's server (`env` on top of the defaults) and Chromium (with `browserSwitches`, if
 * any), started together before its
 * tests and stopped after them. Read `suite.server` and `suite.browser` inside the tests.
 */
export const serverAndBrowser = (
  env: Record<string, string> = {},
  browserSwitches: ReadonlyArray<string> = [],
) => {
  const suite = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    ;[suite.server, suite.browser] = await Promise.all([startServer(env), launchBrowser(browserSwitches)])
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.server?.stop()
  })
  return suite
}
