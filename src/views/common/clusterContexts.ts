import { createContext, useContext } from "react"
import type { Cluster } from "../../schema/cluster"

/** The person's structures, for the menu and any screen that changes them. */
export interface MyClusters {
  /** null until first loaded. Sorted by name. */
  readonly clusters: ReadonlyArray<Cluster> | null
  /** Reloads the list (after creating, deleting, joining or leaving a structure). */
  readonly refresh: () => void
}
export const MyClustersContext = createContext<MyClusters>({ clusters: null, refresh: () => {} })
export const useMyClusters = (): MyClusters => useContext(MyClustersContext)

/** The structure open at /clusters/{id}, for its tabs. */
export interface ClusterPage {
  readonly cluster: Cluster
  /** Reloads the structure (the caller's rights in it may have changed). */
  readonly refresh: () => void
}
export const ClusterPageContext = createContext<ClusterPage | null>(null)
export const useClusterPage = (): ClusterPage => {
  const page = useContext(ClusterPageContext)
  if (page === null) throw new Error("useClusterPage outside a structure page")
  return page
}
