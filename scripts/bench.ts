/**
 * `npm run bench`: Sillon's speed and size figures, each printed with a baseline measured in the
 * same run on the same machine (the ratio is the figure that travels between machines).
 * Builds the client, starts the real server on a fresh embedded database, then measures.
 */
import { execSync } from "node:child_process"
import { join } from "node:path"
import { launchBrowser } from "../test/e2e/support/browser"
import { startServer } from "../test/e2e/support/server"
import { bareReactSize, loadedAssets, sizeFigure } from "./bench/bundle"
import { measureMe } from "./bench/http"
import { printFigures } from "./bench/report"
import { measureSignIn } from "./bench/signin"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 60)

const signUp = async (base: string) => {
  const credentials = { email: `bench-${Date.now()}@sillon.test`, password: "bench-password-1" }
  const res = await fetch(`${base}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ newUser: { ...credentials, firstname: "Banc", lastname: "Essai" } }),
  })
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  const { jwt, refreshToken } = (await res.json()) as { jwt: string; refreshToken: string }
  const address = {
    street: "1 rue du Sillon",
    complement: null,
    postalCode: "35000",
    city: "Rennes",
    country: "France",
  }
  const put = await fetch(`${base}/api/v2/me`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `JWT ${jwt}` },
    body: JSON.stringify({ edit: { address } }),
  })
  if (!put.ok) throw new Error(`PUT /me answered ${put.status}`)
  return { credentials, jwt, refreshToken }
}

const main = async () => {
  execSync("npm run build", { stdio: "ignore" })
  const server = await startServer({ ACCESS_TOKEN_TTL: "3600" })
  const browser = await launchBrowser()
  try {
    const user = await signUp(server.url)
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
    printFigures("Sign-in", await measureSignIn(server.url, user.credentials, rounds))
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
