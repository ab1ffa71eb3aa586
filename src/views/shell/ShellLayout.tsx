import { Anchor, AppShell, Burger, Group, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { Link, Outlet } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveMyClustersMachine } from "../../machines/membership/myClusters.actors"
import type { liveNotificationsUnreadMachine } from "../../machines/notifications/notificationsUnread.actors"
import { MyClustersProvider } from "../clusters/MyClustersProvider"
import { useMyClusters } from "../common/clusterContexts"
import { LanguageSwitch } from "../common/LanguageSwitch"
import { Logo } from "../common/Logo"
import { NotificationsProvider } from "../notifications/NotificationsProvider"
import { useSessionActor } from "../session/session"
import { useSignOut } from "../session/useSignOut"
import { MainMenu } from "./MainMenu"
import { UnreachableBanner } from "./UnreachableBanner"
import { UnreadBadge } from "./UnreadBadge"
import { UserMenu } from "./UserMenu"

const initialsOf = (me: { firstname: string; lastname: string } | null) =>
  me ? `${me.firstname.charAt(0)}${me.lastname.charAt(0)}`.toUpperCase() : "?"

/**
 * The main shell: header (name, notifications, language, account), the menu, the page. The
 * person's structures (menu and pages) and the unread count (badge and notifications page) each
 * come from one chart for the whole shell.
 */
export const ShellLayout = ({
  clustersMachine,
  unreadMachine,
}: {
  clustersMachine?: typeof liveMyClustersMachine
  unreadMachine?: typeof liveNotificationsUnreadMachine
} = {}) => (
  <MyClustersProvider machine={clustersMachine}>
    <NotificationsProvider machine={unreadMachine}>
      <Shell />
    </NotificationsProvider>
  </MyClustersProvider>
)

const Shell = () => {
  const { LL } = useI18nContext()
  const [opened, { toggle, close }] = useDisclosure(false)
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me)
  const { clusters } = useMyClusters()
  const signOut = useSignOut()
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={{ base: "sm", sm: "lg" }}
    >
      <AppShell.Header bg="secondary.8" c="white" withBorder={false}>
        <Group h="100%" px="xs" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              color="white"
              size="md"
              aria-label={opened ? LL.shellMenu.close() : LL.shellMenu.open()}
            />
            <Anchor component={Link} to="/home" c="white" underline="never">
              <Group gap={8} wrap="nowrap">
                <Logo size={32} />
                <Text fw={800} fz="xl">
                  {LL.app.name()}
                </Text>
              </Group>
            </Anchor>
          </Group>
          <Group gap={6} wrap="nowrap">
            <UnreadBadge />
            <LanguageSwitch compact />
            <UserMenu initials={initialsOf(me)} onSignOut={signOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainMenu clusters={clusters ?? []} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <UnreachableBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
