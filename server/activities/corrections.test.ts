import { describe, expect, it } from "vitest"
import { correctedLists, correctFields } from "./corrections"

const engine = {
  fields: [
    { fieldId: "a", workSeconds: 3000, areaHa: 2.5 },
    { fieldId: "b", workSeconds: 600, areaHa: 0.4 },
  ],
  unknownFieldSeconds: 400,
  areaHa: 3.2,
  driverIds: ["paul"],
  auxiliaryIds: ["plough"],
}

describe("a person's corrections of an activity's lists", () => {
  it("one field chosen holds all the field work and the activity's area to the last digit", () => {
    expect(correctFields(engine, ["c"])).toEqual({
      fields: [{ fieldId: "c", workSeconds: 4000, areaHa: 3.2 }],
      unknownFieldSeconds: 0,
    })
    expect(correctFields(engine, ["b"]).fields).toEqual([{ fieldId: "b", workSeconds: 4000, areaHa: 3.2 }])
  })

  it("several chosen keep what was measured in them; the first takes the rest", () => {
    const { fields, unknownFieldSeconds } = correctFields(engine, ["b", "a"])
    expect(fields).toEqual([
      { fieldId: "b", workSeconds: 1000, areaHa: expect.closeTo(0.7, 9) },
      { fieldId: "a", workSeconds: 3000, areaHa: 2.5 },
    ])
    expect(unknownFieldSeconds).toBe(0)
    // Nothing is lost or invented: the seconds add up to the activity's field work.
    expect(fields.reduce((s, f) => s + f.workSeconds, 0)).toBe(4000)
  })

  it("a field the engine never saw, chosen second, holds nothing of its own", () => {
    expect(correctFields(engine, ["a", "z"]).fields).toEqual([
      { fieldId: "a", workSeconds: 4000, areaHa: 3.2 },
      { fieldId: "z", workSeconds: 0, areaHa: 0 },
    ])
  })

  it("no field chosen: all the work is outside every known field", () => {
    expect(correctFields(engine, [])).toEqual({ fields: [], unknownFieldSeconds: 4000 })
  })

  it("without a tool width the areas stay unknown, never zero", () => {
    const noWidth = { ...engine, areaHa: null, fields: engine.fields.map((f) => ({ ...f, areaHa: null })) }
    expect(correctFields(noWidth, ["a", "c"]).fields).toEqual([
      { fieldId: "a", workSeconds: 4000, areaHa: null },
      { fieldId: "c", workSeconds: 0, areaHa: null },
    ])
  })

  it("a chosen field named twice counts once", () => {
    expect(correctFields(engine, ["c", "c"]).fields).toHaveLength(1)
  })

  it("lists not corrected stay the engine's; corrected ones are the person's", () => {
    expect(correctedLists(engine, { fields: null, drivers: null, auxiliaries: null })).toEqual({
      fields: engine.fields,
      unknownFieldSeconds: 400,
      driverIds: ["paul"],
      auxiliaryIds: ["plough"],
    })
    const corrected = correctedLists(engine, {
      fields: ["c"],
      drivers: [],
      auxiliaries: ["harrow", "harrow"],
    })
    expect(corrected.driverIds).toEqual([])
    expect(corrected.auxiliaryIds).toEqual(["harrow"])
    expect(corrected.fields).toEqual([{ fieldId: "c", workSeconds: 4000, areaHa: 3.2 }])
  })
})
