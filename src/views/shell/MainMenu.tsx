import { NavLink, ScrollArea, Stack, Text } from "@mantine/core"
import { Link, useLocation } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Right } from "../../schema/rights"
import { menuGroups, rightsHeld, topItems, usableItems } from "./menu"

export interface ClusterEntry {
  readonly id: string
  readonly name: string
  /** The person's rights there: entries needing a right nobody gave them are left out. */
  readonly myRights: ReadonlyArray<Right>
}

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`)

/** The entry of the page open: the longest target holding it (/home/MegaPhone, not /home). */
const activeTarget = (pathname: string, targets: ReadonlyArray<string>): string | undefined =>
  targets.filter((to) => isActive(pathname, to)).sort((a, b) => b.length - a.length)[0]

const itemStyle = { minHeight: 44, borderRadius: 8 }

/**
 * The navigation: home and announcements, the structures the person belongs to, then the grouped
 * menu, without the entries their rights leave empty (a group left with none is not shown).
 */
export const MainMenu = ({
  clusters,
  onNavigate,
}: {
  clusters: ReadonlyArray<ClusterEntry>
  onNavigate: () => void
}) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const held = rightsHeld(clusters)
  const groups = menuGroups
    .map((group) => ({ label: group.label, items: usableItems(group.items, held) }))
    .filter((group) => group.items.length > 0)
  const active = activeTarget(pathname, [
    ...topItems.map((item) => item.to),
    ...clusters.map((cluster) => `/clusters/${cluster.id}`),
    "/clusters/add",
    ...groups.flatMap((group) => group.items.map((item) => item.to)),
  ])
  const link = (to: string, label: string) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      // The menu says which entry is open (`active`), not the router's prefix match (/home under /home/MegaPhone).
      activeOptions={{ exact: true }}
      label={label}
      active={to === active}
      onClick={onNavigate}
      style={itemStyle}
    />
  )
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <nav aria-label={LL.shellMenu.navigation()}>
        <Stack gap={4}>
          {topItems.map((item) => link(item.to, LL.shellMenu[item.label]()))}
          <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" mt="md" px="sm">
            {LL.shellMenu.groupStructures()}
          </Text>
          {clusters.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {LL.shellMenu.noStructure()}
            </Text>
          ) : (
            clusters.map((cluster) => link(`/clusters/${cluster.id}`, cluster.name))
          )}
          {link("/clusters/add", LL.shellMenu.createStructure())}
          {groups.map((group) => (
            <Stack gap={4} key={group.label}>
              <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" mt="md" px="sm">
                {LL.shellMenu[group.label]()}
              </Text>
              {group.items.map((item) => link(item.to, LL.shellMenu[item.label]()))}
            </Stack>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  )
}
