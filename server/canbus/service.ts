import { stringify } from "csv-stringify/sync"
import { DateTime, Effect } from "effect"
import {
  CanbusRawPage,
  type CanbusRawQuery,
  CanConfig,
  type CanConfigInput,
  CanConfigs,
  canbusMaxDays,
} from "../../src/schema/canbus"
import { canCatalogue, isCatalogueCan } from "../../src/schema/canCatalogue"
import { BadRequest, Forbidden } from "../../src/schema/errors"
import { MachineId } from "../../src/schema/ids"
import type { Locale } from "../../src/schema/user"
import { Access } from "../clusters/access"
import { translations } from "../i18n"
import { MachinesRepo } from "../machines/repository"
import { standingOf } from "../machines/standing"
import { CanbusRepo } from "./repository"

/** How far back a name counts as one the machine's boxes send. */
const seenDays = 30

/** The catalogue's reading of a name: its labels in every language, its unit in `lang`'s. */
const catalogueConfig = (name: string, lang: Locale) => {
  if (!isCatalogueCan(name)) return null
  const label = (l: Locale) => String(translations(l).dashboard.canNames[name]())
  const labels: CanConfigInput["labels"] = {
    fr: label("fr"),
    en: label("en"),
    pl: label("pl"),
    de: label("de"),
  }
  return { labels, unit: translations(lang).dashboard.canUnits[name](), ...canCatalogue[name] }
}

/**
 * CAN bus values (docs/canbus.md): how a machine's values read, for whoever sees the machine, set
 * by whoever manages it (manageMachine in its structure, or the machine's management grant); the
 * raw values per reading, as a page and as CSV.
 */
export class Canbus extends Effect.Service<Canbus>()("Canbus", {
  effect: Effect.gen(function* () {
    const repo = yield* CanbusRepo
    const machines = yield* MachinesRepo
    const access = yield* Access
    const standing = standingOf(machines, access)

    const managed = Effect.fnUntraced(function* (machineId: string) {
      const s = yield* standing(machineId)
      if (!s.manages) return yield* Effect.fail(Forbidden.of())
      return s
    })

    const configsOf = Effect.fnUntraced(function* (machineId: string, lang: Locale) {
      const own = yield* repo.configs(machineId)
      const seen = yield* repo.seen(machineId, DateTime.unsafeMake(Date.now() - seenDays * 86_400_000))
      const names = [...new Set([...Object.keys(canCatalogue), ...own.map((c) => c.name), ...seen])].sort()
      return names.map((name) => {
        const mine = own.find((c) => c.name === name)
        const catalogue = catalogueConfig(name, lang)
        const base = mine ??
          catalogue ?? {
            labels: { fr: name, en: name, pl: name, de: name },
            unit: "",
            scale: 1,
            offset: 0,
            chart: true,
          }
        return new CanConfig({
          name,
          labels: base.labels,
          unit: base.unit,
          scale: base.scale,
          offset: base.offset,
          chart: base.chart,
          source: mine ? "machine" : catalogue ? "catalogue" : "raw",
          seen: seen.includes(name),
        })
      })
    })

    return {
      configs: Effect.fn("Canbus.configs")(function* (machineId: string, lang: Locale) {
        const s = yield* standing(machineId)
        return new CanConfigs({
          machine: MachineId.make(s.machine.id),
          canEdit: s.manages,
          configs: yield* configsOf(s.machine.id, lang),
        })
      }),
      put: Effect.fn("Canbus.put")(function* (
        machineId: string,
        name: string,
        input: CanConfigInput,
        lang: Locale,
      ) {
        const s = yield* managed(machineId)
        yield* repo.put(s.machine.id, name, input, s.me)
        return (yield* configsOf(s.machine.id, lang)).find((c) => c.name === name) as CanConfig
      }),
      remove: Effect.fn("Canbus.remove")(function* (machineId: string, name: string) {
        const s = yield* managed(machineId)
        yield* repo.remove(s.machine.id, name)
      }),
      raw: Effect.fn("Canbus.raw")(function* (machineId: string, q: CanbusRawQuery) {
        const s = yield* standing(machineId)
        const { total, names, rows } = yield* repo.raw(s.machine.id, q.startDate, q.endDate, q.page, q.limit)
        return new CanbusRawPage({
          machine: MachineId.make(s.machine.id),
          names,
          total,
          page: q.page,
          limit: q.limit,
          rows: rows.map((r) => ({ at: r.at, counter: r.counter_id, values: r.can })),
        })
      }),
      /** The same period as CSV: the time, the box, then one column per value name (raw values). */
      csv: Effect.fn("Canbus.csv")(function* (
        machineId: string,
        q: { startDate: DateTime.Utc; endDate: DateTime.Utc },
      ) {
        const s = yield* standing(machineId)
        if (q.endDate.epochMillis - q.startDate.epochMillis > canbusMaxDays * 86_400_000)
          return yield* Effect.fail(BadRequest.of("outOfRange"))
        const { names } = yield* repo.raw(s.machine.id, q.startDate, q.endDate, 1, 1)
        const parts: Array<string> = [stringify([["at", "counter", ...names]])]
        const limit = 5000
        for (let page = 1; ; page++) {
          const rows = yield* repo.rawRows(s.machine.id, q.startDate, q.endDate, page, limit)
          parts.push(
            stringify(
              rows.map((r) => [
                DateTime.formatIso(r.at),
                r.counter_id,
                ...names.map((n) => r.can[n] ?? null),
              ]),
            ),
          )
          if (rows.length < limit) break
        }
        return parts.join("")
      }),
    }
  }),
  dependencies: [CanbusRepo.Default, MachinesRepo.Default, Access.Default],
}) {}
