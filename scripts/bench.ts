/**
 * `npm run bench`: Sillon's speed and size figures, each printed with a baseline measured in the
 * same run on the same machine (the ratio is the figure that travels between machines).
 * Builds the client, starts the real server on a fresh embedded database, then measures.
 */
import { execSync } from "node:child_process"
import { join } from "node:path"
import { launchBrowser } from "../test/e2e/support/browser"
import { seedPerson } from "../test/e2e/support/people"
import { startServer } from "../test/e2e/support/server"
import { measureBookingRace } from "./bench/bookingRace"
import { bareReactSize, loadedAssets, sizeFigure } from "./bench/bundle"
import { measureMe } from "./bench/http"
import { measureIdempotency } from "./bench/idempotency"
import { printFigures } from "./bench/report"
import { measureSessionCheck } from "./bench/sessionCheck"
import { measureSignIn } from "./bench/signin"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 60)

const main = async () => {
  execSync("npm run build", { stdio: "ignore" })
  const server = await startServer({ ACCESS_TOKEN_TTL: "3600" })
  const browser = await launchBrowser()
  try {
    const user = await seedPerson(server.url, "bench")
    const distDir = join(process.cwd(), "dist")
    const baseline = await bareReactSize()
    const anonymous = await browser.newContext({ serviceWorkers: "block" })
    const signin = await loadedAssets(anonymous, server.url, "/signin", distDir)
    const signedIn = await browser.newContext({ serviceWorkers: "block" })
    await signedIn.addInitScript(
      ([jwt, refresh]) => {
        if (!localStorage.getItem("jwt")) {
          localStorage.setItem("jwt", jwt)
          localStorage.setItem("refreshToken", refresh)
        }
      },
      [user.jwt, user.refreshToken],
    )
    const home = await loadedAssets(signedIn, server.url, "/home", distDir)
    printFigures("Size of a first visit (target: /signin ≤ 200 kB gzip)", [
      sizeFigure("/signin", signin, baseline),
      sizeFigure("/home", home, baseline),
    ])
    printFigures(`API under load (${seconds} s each)`, await measureMe(server.url, user.jwt, seconds))
    printFigures("Revocable access tokens", await measureSessionCheck(2000))
    printFigures("Safe retries", await measureIdempotency(server.url, user.jwt, rounds * 5))
    printFigures("Sign-in", await measureSignIn(server.url, user, rounds))
    printFigures("Booking race (one machine)", await measureBookingRace(server.url))
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
