import { AppShell, Group, Text } from "@mantine/core"
import { useRouter, useRouterState } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { Logo } from "../common/Logo"
import { PagePending } from "../common/PagePending"

/**
 * What the shell shows while the router gets a page ready (the session checked, the page's code
 * downloaded): the header with the name, and the loader where the page will be. The router keeps
 * the first pending screen it showed until the whole page is ready, so a slow session check
 * followed by slow code would otherwise hold a bare loader without the frame until the end. It
 * needs no session: the menu and the account come with the shell itself.
 */
export const ShellPending = () => {
  const { LL } = useI18nContext()
  return (
    <AppShell header={{ height: 64 }} padding={{ base: "sm", sm: "lg" }}>
      <AppShell.Header bg="secondary.8" c="white" withBorder={false}>
        <Group h="100%" px="md" gap={8} wrap="nowrap">
          <Logo size={32} />
          <Text fw={800} fz="xl">
            {LL.app.name()}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <PagePending />
      </AppShell.Main>
    </AppShell>
  )
}

/** The router's pending screen: the shell's frame for a page of the shell, the bare loader else. */
export const RoutePending = () => {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [matchedRoutes] = router.getMatchedRoutes(pathname)
  return matchedRoutes.some((route) => route.id === "/_shell") ? <ShellPending /> : <PagePending />
}
