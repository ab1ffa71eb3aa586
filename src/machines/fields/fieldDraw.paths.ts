import { isDeepStrictEqual } from "node:util"
import type { FieldGeometry } from "../../schema/field"
import {
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const geometry = (s: Parameters<typeof context>[0]) => context(s).geometry as FieldGeometry | null
const lastSave = (s: Parameters<typeof context>[0]) =>
  lastOf(s, "fieldDraw.save") as { name: string; crop: string } | undefined

export const fieldDrawSpec: Spec = {
  states: {
    drawing: [
      notBusy,
      check("keeps the outline last drawn", (s) => {
        const shape = lastOf(s, "fieldDraw.shape", "fieldDraw.again") as
          | { type: string; geometry?: unknown }
          | undefined
        return shape === undefined || shape.type === "fieldDraw.again"
          ? geometry(s) === null
          : isDeepStrictEqual(geometry(s), shape.geometry)
      }),
      check("says why a save was not sent: no outline, then no name", (s) => {
        if (s.event?.type !== "fieldDraw.save") return true
        const save = lastSave(s)
        const expected =
          geometry(s) === null ? "invalidGeometry" : (save?.name.trim() ?? "") === "" ? "required" : null
        return context(s).error === expected
      }),
    ],
    "drawing.empty": [notBusy, check("holds no outline", (s) => geometry(s) === null)],
    "drawing.outlined": [notBusy, check("holds an outline", (s) => geometry(s) !== null)],
    saving: [
      busy,
      calling("saveField", (s) => ({
        id: context(s).id,
        input: {
          name: lastSave(s)?.name.trim(),
          crop: (lastSave(s)?.crop.trim() ?? "") === "" ? null : lastSave(s)?.crop.trim(),
          geometry: geometry(s),
        },
      })),
    ],
    saved: [
      notBusy,
      check("shows the field the server saved", (s) =>
        isDeepStrictEqual(context(s).saved, answerOf(s, "saveField")),
      ),
    ],
  },
  moves: [
    {
      from: "drawing",
      on: "fieldDraw.shape",
      given: ["an outline", (e) => e.geometry !== null],
      to: "drawing.outlined",
    },
    {
      from: "drawing",
      on: "fieldDraw.shape",
      given: ["cleared", (e) => e.geometry === null],
      to: "drawing.empty",
    },
    { from: "drawing.empty", on: "fieldDraw.save", to: "drawing.empty" },
    {
      from: "drawing.outlined",
      on: "fieldDraw.save",
      given: ["named", (e) => String(e.name).trim() !== ""],
      to: "saving",
    },
    {
      from: "drawing.outlined",
      on: "fieldDraw.save",
      given: ["unnamed", (e) => String(e.name).trim() === ""],
      to: "drawing.outlined",
    },
    { from: "saving", on: doneOf("saveField"), to: "saved" },
    {
      from: "saving",
      on: errorOf("saveField"),
      to: "drawing.outlined",
      after: [showsRefusalOf("saveField")],
    },
    {
      from: "saved",
      on: "fieldDraw.again",
      to: "drawing.empty",
      after: [
        check("starts a new field, with a new id", (s) => context(s).saved === null && geometry(s) === null),
      ],
    },
  ],
}
