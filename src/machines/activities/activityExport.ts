/**
 * "Exporter mes données" (SPEC §2 home card, issue 17): the list of activities as the person sees
 * it, written by the server as a CSV or XLSX file and handed to the browser to save.
 *
 * Events the view sends:
 * - `export.file` (`format`: "csv" | "xlsx", `query`, `lang`, `zone`): write the list of these
 *   filters, headers in `lang`, times in `zone` (from
 *   any state but while one is being written).
 * Read: `idle`; `exporting` (busy); `done` (the file was handed over: `context.format`);
 * `failed` (`context.error`).
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import type { Locale } from "../../schema/user"
import { assignError, errorParams, unbound } from "../lib/kit"
import type { ActivityListAsk } from "./activityList"

export type ExportFormat = "csv" | "xlsx"

export interface ActivityExportAsk {
  readonly format: ExportFormat
  readonly query: ActivityListAsk
  /** The language of the headers and the spreadsheet's conventions; the zone its times are in. */
  readonly lang: Locale
  readonly zone: string
}

export type ActivityExportEvent = { type: "export.file" } & ActivityExportAsk

export interface ActivityExportContext {
  /** The last file asked (null before any). */
  readonly asked: ActivityExportAsk | null
  readonly error: MessageCode | null
}

const ask = {
  "export.file": {
    description: "Write the list of these filters as a file of this format.",
    target: "#activityExport.exporting",
    actions: {
      type: "assignAsk" as const,
      params: ({ event }: { event: ActivityExportEvent }) => ({
        format: event.format,
        query: event.query,
        lang: event.lang,
        zone: event.zone,
      }),
    },
  },
}

export const activityExportMachine = setup({
  types: { context: {} as ActivityExportContext, events: {} as ActivityExportEvent },
  actors: { exportFile: unbound<void, ActivityExportAsk>() },
  actions: {
    assignAsk: assign((_, asked: ActivityExportAsk) => ({ asked, error: null })),
    assignError: assignError<ActivityExportContext, ActivityExportEvent>(),
  },
}).createMachine({
  id: "activityExport",
  description: "The list of activities written as a spreadsheet file and saved.",
  context: { asked: null, error: null },
  initial: "idle",
  states: {
    idle: { description: "Nothing asked yet.", on: ask },
    exporting: {
      description: "The server writes the file; the browser saves it.",
      tags: ["busy"],
      invoke: {
        id: "exportFile",
        src: "exportFile",
        input: ({ context }) => context.asked as ActivityExportAsk,
        onDone: { description: "The file was handed to the browser.", target: "done" },
        onError: {
          description: "Refused or unreachable: the message.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    done: { description: "Saved; another file may be asked.", on: ask },
    failed: { description: "Not written: the message; another try may be asked.", on: ask },
  },
})

export type ActivityExportMachine = typeof activityExportMachine
