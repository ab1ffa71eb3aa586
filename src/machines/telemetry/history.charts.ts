import { DateTime } from "effect"
import { BadRequest, Forbidden } from "../../schema/errors"
import { MachineId } from "../../schema/ids"
import { HistoryTrace, TraceSegment } from "../../schema/positions"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { historyMachine } from "./history"
import { historyInput, historySpec } from "./history.paths"

const at = (iso: string) => DateTime.unsafeMake(iso)
const trace = (points: number) =>
  new HistoryTrace({
    machine: MachineId.make(historyInput.machine),
    start: at(historyInput.start),
    end: at(historyInput.end),
    fixes: points,
    tolerance: 0,
    segments:
      points === 0
        ? []
        : [
            new TraceSegment({
              start: at("2026-11-20T08:00:00.000Z"),
              end: at("2026-11-20T08:10:00.000Z"),
              fixes: points,
              points: Array.from({ length: points }, (_, i) => [1.5 + i / 1000, 48.2, i * 5, 7.2] as const),
            }),
          ],
  })

/** The position history's chart (see lib/paths.ts for what each entry must give). */
export const historyCharts: ReadonlyArray<Chart> = [
  {
    name: "history",
    spec: historySpec,
    machine: historyMachine,
    input: historyInput,
    events: [
      done("loadTrace", trace(3)),
      done("loadTrace", trace(0)),
      failed("loadTrace", networkDown),
      failed("loadTrace", BadRequest.of("outOfRange")),
      failed("loadTrace", Forbidden.of()),
      { type: "history.retry" },
      { type: "history.show", start: "2026-11-13T23:00:00.000Z", end: "2026-11-20T23:00:00.000Z" },
    ],
  },
]
