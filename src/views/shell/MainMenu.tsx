import { NavLink, ScrollArea, Stack, Text } from "@mantine/core"
import { Link, useLocation } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { menuGroups } from "./menu"

export interface ClusterEntry {
  readonly id: string
  readonly name: string
}

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`)

const itemStyle = { minHeight: 44, borderRadius: 8 }

/** The navigation: home, the structures the person belongs to, then the grouped SPEC menu. */
export const MainMenu = ({
  clusters,
  onNavigate,
}: {
  clusters: ReadonlyArray<ClusterEntry>
  onNavigate: () => void
}) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const link = (to: string, label: string) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      active={isActive(pathname, to)}
      onClick={onNavigate}
      style={itemStyle}
    />
  )
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <nav aria-label={LL.menu.navigation()}>
        <Stack gap={4}>
          {link("/home", LL.menu.home())}
          <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" mt="md" px="sm">
            {LL.menu.groupStructures()}
          </Text>
          {clusters.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {LL.menu.noStructure()}
            </Text>
          ) : (
            clusters.map((cluster) => link(`/clusters/${cluster.id}`, cluster.name))
          )}
          {link("/clusters/add", LL.menu.createStructure())}
          {menuGroups.map((group) => (
            <Stack gap={4} key={group.label}>
              <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" mt="md" px="sm">
                {LL.menu[group.label]()}
              </Text>
              {group.items.map((item) => link(item.to, LL.menu[item.label]()))}
            </Stack>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  )
}
