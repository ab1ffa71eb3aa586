import { Box, Group, Text } from "@mantine/core"
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
  // The shell's frame drawn with plain boxes: Mantine's AppShell here put 11 kB gzip more in the
  // first visit of every page, /signin included.
  return (
    <>
      <Box
        component="header"
        h={64}
        bg="secondary.8"
        c="white"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        style={{ zIndex: 100 }}
      >
        <Group h="100%" px="md" gap={8} wrap="nowrap">
          <Logo size={32} />
          <Text fw={800} fz="xl">
            {LL.app.name()}
          </Text>
        </Group>
      </Box>
      <Box component="main" bg="gray.0" mih="100dvh" pt={64}>
        <Box p={{ base: "sm", sm: "lg" }}>
          <PagePending />
        </Box>
      </Box>
    </>
  )
}

/** The router's pending screen: the shell's frame for a page of the shell, the bare loader else. */
export const RoutePending = () => {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [matchedRoutes] = router.getMatchedRoutes(pathname)
  return matchedRoutes.some((route) => route.id === "/_shell") ? <ShellPending /> : <PagePending />
}
