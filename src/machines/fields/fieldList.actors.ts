import { lazyEffect } from "../../services/lazy"
import { fieldListMachine } from "./fieldList"

export const liveFieldListMachine = fieldListMachine.provide({
  actors: { loadFields: lazyEffect((live) => live.fields.list()) },
})
