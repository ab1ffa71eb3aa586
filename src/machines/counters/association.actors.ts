import type { AssociationId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type AssociationChange, associationMachine } from "./association"

export const liveAssociationMachine = associationMachine.provide({
  actors: {
    editAssociation: lazyEffect((live, c: AssociationChange) => live.counters.editAssociation(c.id, c.edit)),
    deleteAssociation: lazyEffect((live, id: AssociationId) => live.counters.deleteAssociation(id)),
  },
})
