/**
 * Importing fields from a file (SPEC §2 FieldsAdd): the person picks a file and says whether it is
 * a Telepac "parcelles" export; the server reads it and answers a preview (nothing saved); the
 * person unticks what they do not want, then confirms; the server saves all of it or nothing.
 *
 * Events the view sends:
 * - `fieldImport.choose` { kind, filename, content (base64) }: read this file (again, or another).
 * - `fieldImport.toggle` { key }: tick or untick a parcel (a refused one cannot be ticked).
 * - `fieldImport.confirm`: save the ticked parcels (only when at least one is ticked).
 * - `fieldImport.again`: import another file once done.
 * Read: `context.preview` (the candidates and what importing each would do), `context.chosen` (the
 * ticked keys), `context.result` once saved, `context.error` (a refusal's message code), tag `busy`.
 */
import { assign, setup } from "xstate"
import type { ImportConfirm, ImportFile, ImportPreview, ImportResult } from "../../schema/field"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type FieldImportEvent =
  | { type: "fieldImport.choose"; file: ImportFile }
  | { type: "fieldImport.toggle"; key: number }
  | { type: "fieldImport.confirm" }
  | { type: "fieldImport.again" }

export interface FieldImportContext {
  readonly file: ImportFile | null
  readonly preview: ImportPreview | null
  readonly chosen: ReadonlyArray<number>
  readonly result: ImportResult | null
  readonly error: MessageCode | null
}

/** What a preview ticks by default: what would be created or updated (nothing to do for the rest). */
export const ticked = (preview: ImportPreview): ReadonlyArray<number> =>
  preview.candidates.filter((c) => c.action === "create" || c.action === "update").map((c) => c.key)

const tickable = (preview: ImportPreview | null, key: number) =>
  preview?.candidates.some((c) => c.key === key && c.action !== "refused") ?? false

export const fieldImportMachine = setup({
  types: { context: {} as FieldImportContext, events: {} as FieldImportEvent },
  actors: {
    previewFile: unbound<ImportPreview, ImportFile>(),
    importFile: unbound<ImportResult, ImportConfirm>(),
  },
  actions: {
    assignFile: assign((_, file: ImportFile) => ({
      file,
      preview: null,
      chosen: [],
      result: null,
      error: null,
    })),
    assignPreview: assign((_, preview: ImportPreview) => ({ preview, chosen: ticked(preview), error: null })),
    toggle: assign(({ context }, key: number) => ({
      chosen: context.chosen.includes(key)
        ? context.chosen.filter((k) => k !== key)
        : [...context.chosen, key],
    })),
    assignResult: assign((_, result: ImportResult) => ({ result, error: null })),
    clear: assign({ file: null, preview: null, chosen: [], result: null, error: null }),
    assignError: assignError(),
  },
  guards: {
    tickable: ({ context }, key: number) => tickable(context.preview, key),
    someChosen: ({ context }) => context.chosen.length > 0,
  },
}).createMachine({
  id: "fieldImport",
  description: "A file of fields read, previewed, then saved as the person chose.",
  context: { file: null, preview: null, chosen: [], result: null, error: null },
  initial: "choosing",
  states: {
    choosing: {
      description: "Waiting for a file (after a refusal, its message shows).",
      on: {
        "fieldImport.choose": {
          description: "Read this file.",
          target: "previewing",
          actions: { type: "assignFile", params: ({ event }) => event.file },
        },
      },
    },
    previewing: {
      description: "The server reads the file and says what importing it would do.",
      tags: ["busy"],
      invoke: {
        id: "previewFile",
        src: "previewFile",
        input: ({ context }) => context.file as ImportFile,
        onDone: {
          description: "The preview arrived: what would change is ticked.",
          target: "reviewing",
          actions: { type: "assignPreview", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (not a format read, not a Telepac export…) or unreachable: the message shows.",
          target: "choosing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    reviewing: {
      description: "The preview on the map and in the table; the person unticks what they do not want.",
      on: {
        "fieldImport.toggle": {
          description: "Tick or untick a parcel that can be imported.",
          guard: { type: "tickable", params: ({ event }) => event.key },
          actions: { type: "toggle", params: ({ event }) => event.key },
        },
        "fieldImport.choose": {
          description: "Another file instead.",
          target: "previewing",
          actions: { type: "assignFile", params: ({ event }) => event.file },
        },
        "fieldImport.confirm": {
          description: "Save what is ticked.",
          guard: "someChosen",
          target: "importing",
        },
      },
    },
    importing: {
      description: "The server saves the ticked parcels, all or none.",
      tags: ["busy"],
      invoke: {
        id: "importFile",
        src: "importFile",
        input: ({ context }) => ({ ...(context.file as ImportFile), keys: [...context.chosen] }),
        onDone: {
          description: "Saved.",
          target: "imported",
          actions: { type: "assignResult", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable: nothing was saved; the preview stays, with the message.",
          target: "reviewing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    imported: {
      description: "What was created, updated and left as it was.",
      on: {
        "fieldImport.again": { description: "Import another file.", target: "choosing", actions: "clear" },
      },
    },
  },
})
