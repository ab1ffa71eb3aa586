import { Alert, Button, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MessageCode } from "../../schema/messages"
import { ServerAlert } from "../common/FormMessages"

/** A signed-in person who is not a platform administrator: said plainly, with a way back. */
export const AdminForbidden = () => {
  const { LL } = useI18nContext()
  return (
    <Paper withBorder p="lg" radius="md" maw={640} role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {LL.counters.admin.forbiddenTitle()}
        </Title>
        <Text>{LL.counters.admin.forbidden()}</Text>
        <Button component={Link} to="/home" variant="light" size="md">
          {LL.counters.admin.home()}
        </Button>
      </Stack>
    </Paper>
  )
}

/**
 * What an admin list shows before its rows: the "reserved" page after a 403, the failure with a
 * retry, a loader; `children` once loaded.
 */
export const AdminLoad = ({
  forbidden,
  failed,
  loaded,
  error,
  onRetry,
  children,
}: {
  forbidden: boolean
  failed: boolean
  loaded: boolean
  error: MessageCode | null
  onRetry: () => void
  children: ReactNode
}) => {
  const { LL } = useI18nContext()
  if (forbidden) return <AdminForbidden />
  if (failed)
    return (
      <Stack gap="sm">
        <ServerAlert code={error} />
        <Button size="md" variant="light" onClick={onRetry}>
          {LL.counters.history.retry()}
        </Button>
      </Stack>
    )
  if (!loaded) return <Loader role="progressbar" aria-label={LL.app.loading()} />
  return <>{children}</>
}

/** The outcome of the last change: a success note or the translated refusal. */
export const Outcome = ({ done, error }: { done: string | null; error: MessageCode | null }) =>
  error !== null ? (
    <ServerAlert code={error} />
  ) : done !== null ? (
    <Alert color="green" variant="light" role="status">
      {done}
    </Alert>
  ) : null

/** The cards of a list: one column on a phone, two from a medium screen. */
export const cardList = {
  component: "ul",
  p: 0,
  m: 0,
  style: { listStyle: "none" },
  cols: { base: 1, md: 2 },
  spacing: "md",
} as const
