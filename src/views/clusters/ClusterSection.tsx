import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { Link, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { createContext, useContext, useEffect, useMemo } from "react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterPageMachine } from "../../machines/clusterPage.actors"
import type { Cluster } from "../../schema/cluster"
import { ClusterId } from "../../schema/ids"
import { Section } from "../common/Section"
import { sectionTabs } from "../common/sections"
import { useNotify } from "../common/useNotify"
import { ClusterPageContext, useMyClusters } from "./contexts"

type PageMachine = typeof liveClusterPageMachine
export type ClusterPageActor = ActorRefFrom<PageMachine>

const PageActorContext = createContext<ClusterPageActor | null>(null)

/** The open structure's chart, for tabs that change the structure itself (edit, delete). */
export const useClusterPageActor = (): ClusterPageActor => {
  const actor = useContext(PageActorContext)
  if (actor === null) throw new Error("useClusterPageActor outside a structure page")
  return actor
}

const Header = ({ cluster }: { cluster: Cluster }) => {
  const { LL } = useI18nContext()
  return (
    <Paper component="header" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text fz={{ base: "xl", sm: "h2" }} fw={800} style={{ overflowWrap: "anywhere" }}>
          {cluster.name}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="lg" tt="none">
            {LL.clusters.types[cluster.type]()}
          </Badge>
          <Badge variant="outline" size="lg" tt="none">
            {LL.clusters.kinds[cluster.kind]()}
          </Badge>
          <Text size="sm" c="dimmed">
            {LL.clusters.page.members({ count: cluster.memberCount })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}

const NotFound = () => {
  const { LL } = useI18nContext()
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack align="flex-start">
        <Title order={1} size="h2">
          {LL.clusters.page.notFoundTitle()}
        </Title>
        <Text c="dimmed">{LL.clusters.page.notFoundText()}</Text>
        <Button component={Link} to="/home" size="md">
          {LL.clusters.page.back()}
        </Button>
      </Stack>
    </Paper>
  )
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
  const page = useActorRef(machine, { input: { id } })
  const state = useSelector(page, (s) => s)
  const cluster = state.context.cluster
  const deleted = state.matches("deleted")
  const refreshMenu = myClusters.refresh
  useEffect(() => {
    if (!deleted) return
    refreshMenu()
    notify(LL.clusters.delete.done())
    void navigate({ to: "/home" })
  }, [deleted, refreshMenu, notify, navigate, LL])
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
  if (state.matches("notFound")) return <NotFound />
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
  if (value === null || deleted)
    return (
      <Center p="xl">
        <Loader aria-label={LL.app.loading()} />
      </Center>
    )
  return (
    <PageActorContext.Provider value={page}>
      <ClusterPageContext.Provider value={value}>
        <Stack gap="sm">
          <Header cluster={value.cluster} />
          <Section screen="cluster" base={`/clusters/${id}`} tabs={sectionTabs.cluster} />
        </Stack>
      </ClusterPageContext.Provider>
    </PageActorContext.Provider>
  )
}

/** The route's entry: an address that cannot be a structure's is "not found" without asking. */
export const ClusterRoutePage = ({ idCluster }: { idCluster: string }) =>
  Schema.is(ClusterId)(idCluster) ? <ClusterSection key={idCluster} id={idCluster} /> : <NotFound />
