import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core"
import { Link, useLocation } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Cluster } from "../../schema/cluster"
import { sectionTabs } from "../common/sections"

/** The structure's name (the page's one h1), its type and kind, its size. */
export const ClusterHeader = ({ cluster }: { cluster: Cluster }) => {
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
export const ClusterSectionTabs = ({ base }: { base: string }) => {
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

export const ClusterNotFound = () => {
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
