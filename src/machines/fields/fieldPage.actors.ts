import { lazyEffect } from "../../services/lazy"
import { fieldPageMachine } from "./fieldPage"

export const liveFieldPageMachine = fieldPageMachine.provide({
  actors: {
    loadField: lazyEffect((live, id) => live.fields.get(id)),
    deleteField: lazyEffect((live, id) => live.fields.remove(id)),
    ownerCandidates: lazyEffect((live, id) => live.fields.ownerCandidates(id)),
    changeOwner: lazyEffect((live, { id, change }) => live.fields.changeOwner(id, change)),
  },
})
