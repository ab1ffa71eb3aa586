import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { cutsFor, isProvisional, machineDay, readSpan } from "./days"
import { detectActivities } from "./engine"
import { activityInputs, boxOf } from "./inputs"
import { writeMachineDay } from "./store"

/**
 * Recomputes one machine-day: reads the machine, its fixes over the local day and the overlap
 * either side, the fields, tags and bookings that may explain them; runs the engine; replaces the
 * day's activities and labels in one transaction. The time is the Effect Clock's, so a test can
 * say when a day stops being provisional. A machine deleted meanwhile is nothing to do.
 */
export const recomputeMachineDay = (machineId: string, day: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const inputs = yield* activityInputs
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const machine = yield* inputs.machine(machineId)
        if (!machine) return undefined
        const d = machineDay(day, machine.timeZone)
        const span = readSpan(d)
        const fixes = yield* inputs.fixes(machine.id, span.from, span.to)
        const box = boxOf(fixes)
        const heard = [...new Set(fixes.flatMap((f) => f.tags))]
        const fields = box === null ? [] : yield* inputs.fields(machine.clusterId, box)
        const tags = yield* inputs.tags(heard, span.from, span.to)
        const bookings = yield* inputs.bookings(machine.id, span.from, span.to)
        const implementEdits = yield* inputs.implementEdits(machine.id, day)
        const splits = yield* inputs.splits(machine.id, span.from, span.to)
        const { clusterId: _, timeZone: __, ...engineMachine } = machine
        const output = detectActivities({
          machine: engineMachine,
          fixes,
          fields,
          tags,
          bookings,
          period: { start: d.start, end: d.end },
          cuts: [...cutsFor(machine.settings.timeLimitation, d), ...splits.cuts],
          implementEdits,
          joins: splits.joins,
        })
        const now = yield* Clock.currentTimeMillis
        return yield* writeMachineDay(machine.id, d, output, isProvisional(d, now), box)
      }),
    )
  }).pipe(Effect.withSpan("Activities.recomputeMachineDay", { attributes: { machineId, day } }))
