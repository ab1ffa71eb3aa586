import { Anchor, Box, Button, Container, Group, Stack, Tabs, Text, Title } from "@mantine/core"
import { Link, Outlet, useLocation } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { LanguageSwitch } from "../common/LanguageSwitch"
import { Logo } from "../common/Logo"
import { sectionTabs } from "../common/sections"

/**
 * Each admin tab's short label (a phone shows all five at 360 px) is its accessible name, so what a
 * person reads is what they say to voice control; the full name is its title (and description).
 */
const shortLabel = {
  adminUsers: "users",
  adminCounters: "counters",
  adminCountersAttributions: "countersAttributions",
  adminTagsAttributions: "tagsAttributions",
  adminCounterdata: "counterdata",
} as const

/**
 * /admin: a plain header (the app's name and a way back to the app) and the administration tabs
 * (people, boxes, their structures, tags, a box's data), short enough that a phone shows them all.
 */
export const AdminLayout = () => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const active = sectionTabs.admin.find((tab) => pathname === `/admin/${tab.path}`)
  return (
    <Box mih="100dvh" bg="gray.0">
      <Group
        component="header"
        h={64}
        px="md"
        gap="xs"
        bg="secondary.8"
        c="white"
        justify="space-between"
        wrap="nowrap"
      >
        <Anchor component={Link} to="/home" c="white" underline="never" aria-label={LL.app.name()}>
          <Group gap={8} wrap="nowrap">
            <Logo size={32} />
            <Text fw={800} fz="xl" visibleFrom="xs">
              {LL.app.name()}
            </Text>
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to="/home" variant="white" color="secondary" size="sm" px="xs">
            {LL.counters.admin.backToApp()}
          </Button>
          <LanguageSwitch compact />
        </Group>
      </Group>
      <Container component="main" size="lg" py="lg">
        <Stack gap="md">
          <Title order={1}>{LL.screens.admin()}</Title>
          <Tabs value={active?.screen ?? null} variant="pills">
            <Tabs.List aria-label={LL.screens.admin()} style={{ flexWrap: "wrap", gap: 4 }}>
              {sectionTabs.admin.map((tab) => (
                <Tabs.Tab
                  key={tab.screen}
                  value={tab.screen}
                  title={LL.screens[tab.screen]()}
                  renderRoot={(props) => <Link {...props} to={`/admin/${tab.path}`} />}
                  style={{ minHeight: 44 }}
                  px="sm"
                >
                  {LL.counters.admin.tabs[shortLabel[tab.screen]]()}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Outlet />
        </Stack>
      </Container>
    </Box>
  )
}
