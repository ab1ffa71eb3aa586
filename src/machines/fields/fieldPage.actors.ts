import { lazyEffect } from "../../services/lazy"
import { fieldPageMachine } from "./fieldPage"

export const liveFieldPageMachine = fieldPageMachine.provide({
  actors: {
    loadField: lazyEffect((live, id) => live.fields.get(id)),
    deleteField: lazyEffect((live, id) => live.fields.remove(id)),
  },
})
