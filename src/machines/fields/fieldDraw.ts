/**
 * Drawing a field by hand (SPEC §2 FieldsAdd): the person outlines it on the map (holes
 * included), names it, and saves it; the server measures it and refuses an outline that crosses
 * itself (the message names the field). The id is chosen here, so a retried save never creates
 * two fields.
 *
 * Events the view sends:
 * - `fieldDraw.shape` { geometry | null }: the outline as drawn now (null: cleared).
 * - `fieldDraw.save` { name, crop }: save it (refused here when the outline or the name is missing).
 * - `fieldDraw.again`: draw another once saved.
 * Read: `context.geometry`, `context.saved` (the field as the server answered), `context.error`
 * (message code), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FieldDetail, FieldGeometry, FieldInput } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type FieldDrawEvent =
  | { type: "fieldDraw.shape"; geometry: FieldGeometry | null }
  | { type: "fieldDraw.save"; name: string; crop: string }
  | { type: "fieldDraw.again" }

export interface FieldDrawContext {
  readonly id: FieldId
  readonly geometry: FieldGeometry | null
  readonly input: FieldInput | null
  readonly saved: FieldDetail | null
  readonly error: MessageCode | null
}

export interface SaveField {
  readonly id: FieldId
  readonly input: FieldInput
}

const newId = () => crypto.randomUUID() as FieldId

/** Why a save cannot be sent yet: no outline, or no name. */
export const incomplete = (geometry: FieldGeometry | null, name: string): MessageCode | null =>
  geometry === null ? "invalidGeometry" : name.trim() === "" ? "required" : null

export const fieldDrawMachine = setup({
  types: { context: {} as FieldDrawContext, events: {} as FieldDrawEvent },
  actors: { saveField: unbound<FieldDetail, SaveField>() },
  actions: {
    assignShape: assign((_, geometry: FieldGeometry | null) => ({ geometry, error: null })),
    assignInput: assign(({ context }, e: { name: string; crop: string }) => ({
      input: {
        name: e.name.trim(),
        crop: e.crop.trim() === "" ? null : e.crop.trim(),
        geometry: context.geometry as FieldGeometry,
      },
      error: null,
    })),
    refuseIncomplete: assign(({ context }, e: { name: string }) => ({
      error: incomplete(context.geometry, e.name),
    })),
    assignSaved: assign((_, saved: FieldDetail) => ({ saved, error: null })),
    restart: assign(() => ({ id: newId(), geometry: null, input: null, saved: null, error: null })),
    assignError: assignError(),
  },
  guards: {
    outlined: (_, geometry: FieldGeometry | null) => geometry !== null,
    complete: ({ context }, e: { name: string }) => incomplete(context.geometry, e.name) === null,
  },
}).createMachine({
  id: "fieldDraw",
  description: "A field outlined on the map, named, then saved.",
  context: () => ({ id: newId(), geometry: null, input: null, saved: null, error: null }),
  initial: "drawing",
  states: {
    drawing: {
      description: "The person draws (the outline, then any hole), names it, and saves.",
      initial: "empty",
      on: {
        "fieldDraw.shape": [
          {
            description: "An outline: it can be saved once named.",
            guard: { type: "outlined", params: ({ event }) => event.geometry },
            target: ".outlined",
            actions: { type: "assignShape", params: ({ event }) => event.geometry },
          },
          {
            description: "Cleared.",
            target: ".empty",
            actions: { type: "assignShape", params: () => null },
          },
        ],
      },
      states: {
        empty: {
          description: "Nothing drawn yet.",
          on: {
            "fieldDraw.save": {
              description: "No outline: say so.",
              actions: { type: "refuseIncomplete", params: ({ event }) => event },
            },
          },
        },
        outlined: {
          description: "An outline is drawn.",
          on: {
            "fieldDraw.save": [
              {
                description: "Named: send it.",
                guard: { type: "complete", params: ({ event }) => event },
                target: "#fieldDraw.saving",
                actions: { type: "assignInput", params: ({ event }) => event },
              },
              {
                description: "No name: say so.",
                actions: { type: "refuseIncomplete", params: ({ event }) => event },
              },
            ],
          },
        },
      },
    },
    saving: {
      description: "The server measures, checks and saves the field.",
      tags: ["busy"],
      invoke: {
        id: "saveField",
        src: "saveField",
        input: ({ context }) => ({ id: context.id, input: context.input as FieldInput }),
        onDone: {
          description: "Saved: its area as the server measured it.",
          target: "saved",
          actions: { type: "assignSaved", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (an outline that crosses itself…) or unreachable: back to the drawing, with the message.",
          target: "drawing.outlined",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    saved: {
      description: "The field is saved.",
      on: { "fieldDraw.again": { description: "Draw another.", target: "drawing", actions: "restart" } },
    },
  },
})
