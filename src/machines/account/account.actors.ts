import type { FinalisePayload } from "../../schema/auth"
import { lazyEffect } from "../../services/lazy"
import { accountMachine } from "./account"

export const liveAccountMachine = accountMachine.provide({
  actors: {
    finaliseInfo: lazyEffect((live, token: string) => live.membership.finaliseInfo(token)),
    finalise: lazyEffect((live, payload: typeof FinalisePayload.Type) => live.membership.finalise(payload)),
  },
})
