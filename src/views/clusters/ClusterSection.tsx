import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core"
import { Outlet, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { createContext, useContext, useMemo } from "react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterPageMachine } from "../../machines/membership/clusterPage.actors"
import { ClusterId } from "../../schema/ids"
import { ClusterPageContext, useMyClusters } from "../common/clusterContexts"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { ClusterHeader, ClusterNotFound, ClusterSectionTabs } from "./ClusterHeader"

type PageMachine = typeof liveClusterPageMachine
export type ClusterPageActor = ActorRefFrom<PageMachine>

const PageActorContext = createContext<ClusterPageActor | null>(null)

/** The open structure's chart, for tabs that change the structure itself (edit, delete). */
export const useClusterPageActor = (): ClusterPageActor => {
  const actor = useContext(PageActorContext)
  if (actor === null) throw new Error("useClusterPageActor outside a structure page")
  return actor
}

/** /clusters/{id}: the structure's header, its tabs and the open tab; "not found" if not the person's. */
export const ClusterSection = ({
  id,
  machine = liveClusterPageMachine,
}: {
  id: ClusterId
  machine?: PageMachine
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  const myClusters = useMyClusters()
  const refreshMenu = myClusters.refresh
  const provided = useProvided(machine, {
    notifyDeleted: () => notify(LL.clusters.delete.done()),
    navigateHome: () => {
      refreshMenu()
      void navigate({ to: "/home" })
    },
  })
  const page = useActorRef(provided, { input: { id } })
  const state = useSelector(page, (s) => s)
  const cluster = state.context.cluster
  const value = useMemo(
    () =>
      cluster === null
        ? null
        : {
            cluster,
            refresh: () => {
              page.send({ type: "clusterPage.refresh" })
              refreshMenu()
            },
          },
    [cluster, page, refreshMenu],
  )
  if (state.matches("notFound")) return <ClusterNotFound />
  if (state.matches("failed"))
    return (
      <Alert color="red" variant="light" title={LL.failure.heading()} role="alert" maw={560}>
        <Stack align="flex-start" gap="sm">
          <Text>{LL.clusters.page.loadFailed()}</Text>
          <Button variant="light" onClick={() => page.send({ type: "clusterPage.refresh" })}>
            {LL.clusters.page.retry()}
          </Button>
        </Stack>
      </Alert>
    )
  if (value === null || state.matches("deleted"))
    return (
      <Center p="xl">
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      </Center>
    )
  return (
    <PageActorContext.Provider value={page}>
      <ClusterPageContext.Provider value={value}>
        <Stack gap="md">
          <ClusterHeader cluster={value.cluster} />
          <ClusterSectionTabs base={`/clusters/${id}`} />
          <Outlet />
        </Stack>
      </ClusterPageContext.Provider>
    </PageActorContext.Provider>
  )
}

/** The route's entry: an address that cannot be a structure's is "not found" without asking. */
export const ClusterRoutePage = ({ idCluster }: { idCluster: string }) =>
  Schema.is(ClusterId)(idCluster) ? <ClusterSection key={idCluster} id={idCluster} /> : <ClusterNotFound />
