import { Effect } from "effect"
import type { CounterId, MachineId } from "../../schema/ids"
import { saveFile } from "../../services/download"
import { lazyEffect } from "../../services/lazy"
import { type FixesChoice, type FixesQuery, type FixesResult, fixesTableMachine } from "./fixesTable"

const download = (text: string, name: string) => saveFile(text, name, "text/csv;charset=utf-8")

const machineOf = (q: FixesQuery) => ("machine" in q.source ? q.source.machine : "") as MachineId
const counterOf = (q: FixesQuery) => ("counter" in q.source ? q.source.counter : "") as CounterId
const fileName = (what: string, q: FixesQuery) =>
  `sillon-${what}-${q.start.slice(0, 16)}-${q.end.slice(0, 16)}.csv`.replace(/:/g, "")

/** `expert`: the machines the person sees; a machine's fixes with its boxes' information. */
export const liveExpertMachine = fixesTableMachine.provide({
  actors: {
    loadChoices: lazyEffect((live) =>
      Effect.map(
        live.machines.list(),
        (machines): ReadonlyArray<FixesChoice> => machines.map((m) => ({ id: m.id, label: m.name })),
      ),
    ),
    loadPage: lazyEffect((live, q: FixesQuery & { page: number }) =>
      Effect.map(
        Effect.all(
          {
            page: live.telemetry.historyLocs(machineOf(q), q.start, q.end, q.page),
            devices: live.telemetry.devicesInformations(machineOf(q)),
          },
          { concurrency: "unbounded" },
        ),
        ({ page, devices }): FixesResult => ({ ...page, devices }),
      ),
    ),
    exportCsv: lazyEffect((live, q: FixesQuery) =>
      Effect.flatMap(live.telemetry.historyCsv(machineOf(q), q.start, q.end), (text) =>
        download(text, fileName("expert", q)),
      ),
    ),
  },
})

/** `canbus_raw`: the machines the person sees; a machine's readings with CAN values, and their CSV. */
export const liveCanbusMachine = fixesTableMachine.provide({
  actors: {
    loadChoices: lazyEffect((live) =>
      Effect.map(
        live.machines.list(),
        (machines): ReadonlyArray<FixesChoice> => machines.map((m) => ({ id: m.id, label: m.name })),
      ),
    ),
    loadPage: lazyEffect((live, q: FixesQuery & { page: number }) =>
      Effect.map(
        live.canbus.raw(machineOf(q), q.start, q.end, q.page),
        (page): FixesResult => ({
          total: page.total,
          page: page.page,
          limit: page.limit,
          fixes: page.rows,
          devices: [],
        }),
      ),
    ),
    exportCsv: lazyEffect((live, q: FixesQuery) =>
      Effect.flatMap(live.canbus.rawCsv(machineOf(q), q.start, q.end), (text) =>
        download(text, fileName("can", q)),
      ),
    ),
  },
})

/** Admin counterdata: every box; a box's fixes whatever they are attributed to (no CSV there). */
export const liveCounterDataMachine = fixesTableMachine.provide({
  actors: {
    loadChoices: lazyEffect((live) =>
      Effect.map(
        live.counters.adminCounters,
        (counters): ReadonlyArray<FixesChoice> => counters.map((c) => ({ id: c.id, label: c.id })),
      ),
    ),
    loadPage: lazyEffect((live, q: FixesQuery & { page: number }) =>
      Effect.map(
        live.telemetry.counterFixes(counterOf(q), q.start, q.end, q.page),
        (page): FixesResult => ({
          ...page,
          devices: [],
        }),
      ),
    ),
  },
})
