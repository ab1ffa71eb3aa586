import { Effect } from "effect"
import type { CanConfigs } from "../../schema/canbus"
import { lazyEffect } from "../../services/lazy"
import { type CanConfigSave, type CanConfigsAsk, canConfigsMachine } from "./canConfigs"

/** A machine's CAN value settings with their calls bound; a change answers the whole list again. */
export const liveCanConfigsMachine = canConfigsMachine.provide({
  actors: {
    loadConfigs: lazyEffect<CanConfigs, CanConfigsAsk>((live, ask) =>
      live.canbus.configs(ask.machine, ask.lang),
    ),
    saveConfig: lazyEffect<CanConfigs, CanConfigSave>((live, save) =>
      Effect.zipRight(
        live.canbus.putConfig(save.machine, save.name, save.config, save.lang),
        live.canbus.configs(save.machine, save.lang),
      ),
    ),
    resetConfig: lazyEffect<CanConfigs, CanConfigsAsk & { readonly name: string }>((live, reset) =>
      Effect.zipRight(
        live.canbus.removeConfig(reset.machine, reset.name),
        live.canbus.configs(reset.machine, reset.lang),
      ),
    ),
  },
})
