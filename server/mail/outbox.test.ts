import { existsSync } from "node:fs"
import { readdir } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { outboxDir } from "../mail/mailer"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"

/** Every file under `dir`, as paths relative to it (the PGlite folder left out). */
const filesUnder = async (dir: string): Promise<Array<string>> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .filter((f) => !f.startsWith("pglite"))
}

describe.each(backends)("mail outbox on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("keeps a mail to an address with slashes and dots inside the outbox", async () => {
    const unique = `escape${Date.now()}`
    // Both are valid per the Email schema: one climbs to DATA_DIR, the other to the system temp folder.
    const emails = [`a/../../${unique}@x.yz`, `a/../../../../../../../../${tmpdir()}/${unique}@x.yz`]
    for (const email of emails) {
      await signup(app, { email })
      const asked = await app.call("POST", "/api/v2/auth/askResetPassword", {
        body: { email },
        headers: fromAddress(),
      })
      expect(asked.status).toBe(202)
    }
    // Each address gets its sign-up's confirmation code and the reset link.
    for (let i = 0; i < 100 && (await app.outbox()).length < 4; i++)
      await new Promise((r) => setTimeout(r, 50))
    const files = await filesUnder(app.dataDir)
    expect(files).toHaveLength(4)
    for (const file of files) expect(file.startsWith("outbox/")).toBe(true)
    expect((await readdir(outboxDir(app.dataDir))).every((f) => !f.includes(".."))).toBe(true)
    expect(existsSync(join(tmpdir(), `${unique}@x.yz.txt`))).toBe(false)
    expect((await app.outbox()).map((m) => m.split("\n")[0]).sort()).toEqual(
      emails.flatMap((e) => [`To: ${e}`, `To: ${e}`]).sort(),
    )
  })
})
