import { Center, Loader, Stack } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { Logo } from "./Logo"

/**
 * What a page shows while the router is still getting it ready: the session checked (the guard
 * waits for /me, refreshing the token first when it aged), the page's own code downloaded. Without
 * it the router draws nothing meanwhile, and a first visit on a slow phone network is a white
 * screen for seconds (the router's `defaultPendingComponent`).
 */
export const PagePending = () => {
  const { LL } = useI18nContext()
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" gap="md">
        <Logo size={48} />
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      </Stack>
    </Center>
  )
}
