import { lazyEffect } from "../../services/lazy"
import { fieldDrawMachine, type SaveField } from "./fieldDraw"

export const liveFieldDrawMachine = fieldDrawMachine.provide({
  actors: { saveField: lazyEffect((live, save: SaveField) => live.fields.put(save.id, save.input)) },
})
