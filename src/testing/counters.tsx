import { DateTime } from "effect"
import type { ReactNode } from "react"
import {
  AssociationId,
  type Cluster,
  Counter,
  CounterAssociation,
  CounterId,
  MachineId,
  MachineSummary,
} from "../schema"
import type { Right } from "../schema/rights"
import { MyClustersContext } from "../views/common/clusterContexts"
import { aUser, renderScreen, settledSession } from "./render"
import { aCluster, clusterId } from "./renderCluster"

/** Sample boxes and associations for the boxes screens' tests. */
export { clusterId }
export const cluster = { id: clusterId, name: "CUMA des Prés" }
export const now = DateTime.unsafeMake("2026-06-01T12:00:00Z").epochMillis
export const hoursAgo = (h: number) => DateTime.unsafeMake(now - h * 3_600_000)
export const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster,
})
export const sprayer = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a2"),
  name: "Pulvérisateur",
  cluster,
})
export const boxId = CounterId.make("BOX-001")
export const aCounter = (overrides: Partial<Counter> = {}) =>
  new Counter({
    id: boxId,
    battery: 80,
    lastCommunication: hoursAgo(3),
    cluster,
    machine: tractor,
    ...overrides,
  })

/** An association started on 1 May 2026 (end: null → open, current at `now`). */
export const anAssociation = (end: DateTime.Utc | null, overrides: Partial<CounterAssociation> = {}) =>
  new CounterAssociation({
    id: AssociationId.make("00000000-0000-4000-8000-0000000000e1"),
    counter: boxId,
    machines: [tractor],
    cluster,
    start_date: DateTime.unsafeMake("2026-05-01T08:00:00Z"),
    end_date: end,
    ...overrides,
  })

/** Renders a boxes screen for a signed-in person holding `rights` in the one structure. */
export const renderWith = async (ui: ReactNode, rights: ReadonlyArray<Right>) => {
  const clusters: ReadonlyArray<Cluster> = [aCluster(rights)]
  const { session } = await settledSession(aUser())
  return renderScreen(
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>{ui}</MyClustersContext.Provider>,
    { session },
  )
}
