import { randomUUID } from "node:crypto"
import { seedPerson } from "../../test/e2e/support/people"
import { type Figure, percentile } from "./report"

const hour = 3_600_000
const day = 24 * hour

/**
 * The booking race (issue: 200 concurrent overlapping requests for one machine → exactly one
 * booking): a structure, a machine and `members` members seeded through the API, then 200
 * concurrent overlapping PUTs against 200 concurrent PUTs of distinct periods on the same machine
 * (the baseline: the same work without conflicts). Then the month's planning read with ~300 bookings.
 */
export const measureBookingRace = async (
  base: string,
  members = 15,
  requests = 200,
): Promise<ReadonlyArray<Figure>> => {
  const call = async (method: string, path: string, jwt: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `JWT ${jwt}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
  const ok = async <A = { id: string }>(...args: Parameters<typeof call>): Promise<A> => {
    const res = await call(...args)
    if (res.status >= 300) throw new Error(`${args[0]} ${args[1]}: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body as A
  }

  // Sign-ups are limited to 20 per address in 15 minutes: the owner and `members` neighbours.
  const owner = await seedPerson(base, "race-owner")
  const cluster = await ok("POST", "/api/v2/clusters", owner.jwt, {
    name: "CUMA de la course",
    type: "sharing",
    kind: "cuma",
    vatNumber: null,
    description: null,
    address: { street: "1 rue", complement: null, postalCode: "28000", city: "Chartres", country: "France" },
  })
  const machine = await ok("POST", "/api/v2/machines", owner.jwt, { cluster: cluster.id, name: "Tracteur" })
  const people: Array<{ id: string; jwt: string }> = []
  for (let i = 0; i < members; i++) {
    const person = await seedPerson(base, `race-${i}`)
    const me = await ok("GET", "/api/v2/me", person.jwt)
    const request = await ok("POST", `/api/v2/clusters/${cluster.id}/requests`, person.jwt, {
      role: "member",
    })
    await ok("POST", `/api/v2/membershipRequests/${request.id}/accept`, owner.jwt)
    people.push({ id: me.id, jwt: person.jwt })
  }

  // A month that starts at least a month ahead, so every period is in the future.
  const now = new Date()
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)
  const slot = (i: number) => ({
    start: new Date(month + i * 2 * hour),
    end: new Date(month + (i + 1) * 2 * hour),
  })
  const put = (i: number, start: Date, end: Date) => {
    const person = people[i % people.length]
    return call("PUT", `/api/v2/machines/${machine.id}/booking`, person.jwt, {
      id: randomUUID(),
      resources: [{ kind: "machine", id: machine.id }],
      user: person.id,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
    })
  }
  const fire = async (make: (i: number) => Promise<{ status: number; body: unknown }>) => {
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: requests }, (_, i) => make(i)))
    const ms = performance.now() - started
    const count = (status: number) => answers.filter((a) => a.status === status).length
    const others = answers.filter((a) => a.status !== 200 && a.status !== 409)
    if (others.length > 0)
      throw new Error(`booking PUTs: unexpected answers ${JSON.stringify(others.slice(0, 3))}`)
    return { ms, winners: count(200), conflicts: count(409), answers }
  }

  // Baseline: distinct consecutive two-hour periods (adjacent, never overlapping).
  const distinct = await fire((i) => put(i, slot(i).start, slot(i).end))
  if (distinct.winners !== requests)
    throw new Error(`distinct periods: ${distinct.winners} of ${requests} booked`)
  // The race: every request overlaps 10:00–11:00 on the 27th day of the month.
  const raceDay = month + 26 * day
  const race = await fire((i) =>
    put(
      i,
      new Date(raceDay + 8 * hour + (i % 120) * 60_000),
      new Date(raceDay + 11 * hour + (i % 90) * 60_000),
    ),
  )
  const named = race.answers.filter(
    (a) => a.status === 409 && JSON.stringify(a.body).includes("Tracteur"),
  ).length
  const window = (from: number, days: number) =>
    `from=${new Date(from).toISOString()}&to=${new Date(from + days * day).toISOString()}`
  const held = await ok<ReadonlyArray<unknown>>(
    "GET",
    `/api/v2/booking?machine=${machine.id}&${window(raceDay, 1)}`,
    owner.jwt,
  )
  if (race.winners !== 1 || held.length !== 1 || named !== requests - 1)
    throw new Error(
      `race: ${race.winners} winners, ${held.length} stored, ${named} conflicts naming the machine`,
    )

  // The month's planning: ~300 bookings (100 more, sequentially), against an empty month.
  for (let i = requests; i < requests + 100; i++) {
    const answer = await put(i, slot(i).start, slot(i).end)
    if (answer.status !== 200) throw new Error(`filling the month: ${answer.status}`)
  }
  const monthQuery = (from: number) => `/api/v2/booking?cluster=${cluster.id}&${window(from, 30)}`
  const timeGets = async (path: string, rounds = 40) => {
    const times: Array<number> = []
    let size = 0
    for (let i = 0; i < rounds; i++) {
      const started = performance.now()
      size = (await ok<ReadonlyArray<unknown>>("GET", path, owner.jwt)).length
      times.push(performance.now() - started)
    }
    return { p95: percentile(times, 95), size }
  }
  const full = await timeGets(monthQuery(month))
  const empty = await timeGets(monthQuery(month + 120 * day))

  return [
    {
      name: `${requests} concurrent overlapping PUT /machines/{id}/booking, time to settle`,
      value: race.ms,
      baseline: distinct.ms,
      unit: "ms",
      baselineName: `${requests} concurrent PUTs of distinct periods`,
      note: `winners ${race.winners} (must be 1), 409 ResourceUnavailable ${race.conflicts}, ${members} members`,
    },
    {
      name: `GET /booking?cluster= for a month of ${full.size} bookings, p95 (40 sequential)`,
      value: full.p95,
      baseline: empty.p95,
      unit: "ms",
      baselineName: `the same call on an empty month (${empty.size})`,
    },
  ]
}
