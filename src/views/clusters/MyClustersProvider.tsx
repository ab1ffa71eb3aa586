import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useMemo } from "react"
import { liveMyClustersMachine } from "../../machines/membership/myClusters.actors"
import { MyClustersContext } from "../common/clusterContexts"

type MyClustersMachine = typeof liveMyClustersMachine

/** The person's structures for the whole shell (menu, pages that change them). */
export const MyClustersProvider = ({
  machine = liveMyClustersMachine,
  children,
}: {
  machine?: MyClustersMachine
  children: ReactNode
}) => {
  const actor = useActorRef(machine)
  const clusters = useSelector(actor, (s) => s.context.clusters)
  const value = useMemo(
    () => ({ clusters, refresh: () => actor.send({ type: "myClusters.refresh" }) }),
    [clusters, actor],
  )
  return <MyClustersContext.Provider value={value}>{children}</MyClustersContext.Provider>
}
