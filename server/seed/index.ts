import { Effect, Layer } from "effect"
import { Users } from "../auth/users"
import { Config } from "../config"
import { DbInfo } from "../db/client"
import { IngestRepo } from "../ingest/repository"
import { seedAnnouncements } from "./announcements"
import { seedBookingFields, seedBookings } from "./bookings"
import { seedBoxes } from "./boxes"
import { demoSignIn, seedPeople } from "./demo"
import { seedFields } from "./fields"
import { seedMachineDetails } from "./machines"
import { seedMaintenance } from "./maintenance"
import { seedStructures } from "./structures"
import { seedTelemetry, storeFixes } from "./telemetry"

export { demoSignIn }

/**
 * Demo data, seeded once: on a new embedded database, or on PostgreSQL when SEED_DEMO=1.
 * Later issues add their seeders after `seedPeople` here (the demo CUMA and its members, machines,
 * boxes, fields, bookings), each using the ids returned before it.
 */
export const seedDemo = (telemetryDays: number) =>
  Effect.gen(function* () {
    const people = yield* seedPeople
    if (!people) return
    // Structures (the demo CUMA) come here.
    const { cuma, machines } = yield* seedStructures(people.demo, people.others, people.passwordHash)
    yield* seedMachineDetails(machines)
    yield* seedBoxes(cuma, machines, people.demo)
    const bookings = yield* seedBookings(cuma, machines, people.demo, people.others)
    const fields = yield* seedFields(people.demo, people.others)
    yield* seedBookingFields(cuma)
    yield* seedAnnouncements(cuma, people.demo, people.others[1])
    yield* seedTelemetry(machines, telemetryDays, new Date(), storeFixes)
    yield* seedMaintenance(cuma, machines, people.demo)
    yield* Effect.logInfo(
      `Demo data seeded: ${2 + people.others.length} people, a CUMA with 3 machines, ${bookings} bookings, 2 announcements and a maintenance profile, a farm, ${fields} fields`,
    )
  })

export const SeedLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const config = yield* Config
    const db = yield* DbInfo
    const wanted = config.seedDemo ?? (db.kind === "pglite" && db.created)
    if (!wanted) return
    const users = yield* Users
    if (yield* users.byEmail(demoSignIn.email)) return
    yield* seedDemo(config.demoTelemetryDays ?? 7)
  }),
).pipe(Layer.provide([Users.Default, IngestRepo.Default]))
