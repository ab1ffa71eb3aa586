import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from "@mantine/core"
import { Link, Outlet, useLocation, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { createContext, useContext, useEffect, useMemo, useRef } from "react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterPageMachine } from "../../machines/membership/clusterPage.actors"
import type { Cluster } from "../../schema/cluster"
import { ClusterId } from "../../schema/ids"
import { ClusterPageContext, useMyClusters } from "../common/clusterContexts"
import { sectionTabs } from "../common/sections"
import { useNotify } from "../common/useNotify"

type PageMachine = typeof liveClusterPageMachine
export type ClusterPageActor = ActorRefFrom<PageMachine>

const PageActorContext = createContext<ClusterPageActor | null>(null)

/** The open structure's chart, for tabs that change the structure itself (edit, delete). */
export const useClusterPageActor = (): ClusterPageActor => {
  const actor = useContext(PageActorContext)
  if (actor === null) throw new Error("useClusterPageActor outside a structure page")
  return actor
}

/** The structure's name (the page's one h1), its type and kind, its size. */
const Header = ({ cluster }: { cluster: Cluster }) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap={6}>
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {cluster.name}
      </Title>
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
  )
}

/**
 * The structure's tabs as links (SPEC §2 sub-screens): short labels so the four fit a 360 px phone,
 * each named in full for assistive technology (the full name begins with the short label).
 */
const ClusterTabs = ({ base }: { base: string }) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const active = sectionTabs.cluster.find((tab) => pathname === `${base}/${tab.path}`.replace(/\/$/, ""))
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (active)
      list.current?.querySelector("[data-active]")?.scrollIntoView({ block: "nearest", inline: "nearest" })
  }, [active])
  return (
    <Tabs value={active?.screen ?? null} variant="outline">
      <Tabs.List ref={list} style={{ flexWrap: "nowrap", overflowX: "auto" }}>
        {sectionTabs.cluster.map((tab) => (
          <Tabs.Tab
            key={tab.screen}
            value={tab.screen}
            renderRoot={(props) => <Link {...props} to={`${base}/${tab.path}`.replace(/\/$/, "")} />}
            style={{ minHeight: 44 }}
            px={{ base: "xs", xs: "md" }}
            aria-label={LL.screens[tab.screen]()}
          >
            {LL.clusters.tabs[tab.screen]()}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
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
        <Stack gap="md">
          <Header cluster={value.cluster} />
          <ClusterTabs base={`/clusters/${id}`} />
          <Outlet />
        </Stack>
      </ClusterPageContext.Provider>
    </PageActorContext.Provider>
  )
}

/** The route's entry: an address that cannot be a structure's is "not found" without asking. */
export const ClusterRoutePage = ({ idCluster }: { idCluster: string }) =>
  Schema.is(ClusterId)(idCluster) ? <ClusterSection key={idCluster} id={idCluster} /> : <NotFound />
