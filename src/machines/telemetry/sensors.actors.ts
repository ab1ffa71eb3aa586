import { Effect } from "effect"
import type { PromiseActorLogic } from "xstate"
import type { MachineId } from "../../schema/ids"
import type { DeviceInformation } from "../../schema/telemetryReads"
import { lazyEffect } from "../../services/lazy"

/** The boxes of a machine, or why they could not be read (the view shows it; nothing is thrown). */
export type SensorsRead = { readonly devices: ReadonlyArray<DeviceInformation> } | { readonly error: unknown }

/** The boxes of a machine as they reported themselves (its page's sensors card): one call, no chart. */
export type MachineSensorsLoader = PromiseActorLogic<SensorsRead, MachineId>

export const liveMachineSensors: MachineSensorsLoader = lazyEffect((live, id: MachineId) =>
  Effect.match(live.telemetry.devicesInformations(id), {
    onSuccess: (devices): SensorsRead => ({ devices }),
    onFailure: (error): SensorsRead => ({ error }),
  }),
)
