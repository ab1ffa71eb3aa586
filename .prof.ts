import { signup, startTestApp } from "./server/test/app"
import { testDatabaseUrl } from "./server/test/databases"

const url = new URL(testDatabaseUrl)
url.pathname = "/sillon_bench_dash_year"
const app = await startTestApp("postgres", { databaseUrl: url.toString() })
const [bench] = await app.sql(
  (sql) => sql<{ machine: string; cluster: string }>`SELECT machine::text, cluster::text FROM bench_year`,
)
const person = await signup(app, { firstname: "Pro", lastname: "Filer" })
await app.sql(
  (sql) =>
    sql`INSERT INTO memberships (cluster_id, user_id, role, rights) VALUES (${bench.cluster}, ${person.id}, 'member', '{seeMachines}')`,
)
const day = 86_400_000
const end = new Date(Math.floor(Date.now() / day) * day).toISOString()
const kind = process.env.KIND ?? "day"
const start = new Date(Date.parse(end) - (kind === "year" ? 365 : 1) * day).toISOString()
const path =
  kind === "me"
    ? "/api/v2/me"
    : `/api/v2/temporalDatas/${bench.machine}?${new URLSearchParams({ startDate: start, endDate: end, field: "speed", nbrOfValues: "500", fct: "avg" })}`
const W: number[][] = []
const call = async () => {
  const a = performance.now()
  const r = await app.call("GET", path, { headers: person.auth })
  const b = performance.now()
  if (r.status !== 200) throw new Error(await r.text())
  await r.text()
  const c = performance.now()
  W.push([a, b, c])
}
for (let i = 0; i < 20; i++) await call()
const n = Number(process.env.N ?? 300)
const t0 = performance.now()
for (let i = 0; i < n; i++) await call()
console.log(kind, ((performance.now() - t0) / n).toFixed(2), "ms/call")
const lw = W.slice(-100)
const md = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(
  "median",
  md(lw.map((w) => w[2] - w[0])).toFixed(2),
  "p95",
  lw
    .map((w) => w[2] - w[0])
    .sort((a, b) => a - b)[94]
    .toFixed(2),
)
await app.close()
process.exit(0)
