import { Button, Group, Loader, Stack, Text } from "@mantine/core"
import type { MessageCode } from "../../schema/messages"
import { ServerAlert } from "./FormMessages"

/** A list or page on its way: a spinner and what is loading, said to screen readers. */
export const Loading = ({ text }: { text: string }) => (
  <Group gap="sm" role="status">
    <Loader size="sm" aria-hidden />
    <Text>{text}</Text>
  </Group>
)

/** What could not be loaded, the server's reason translated, and a button to ask again. */
export const LoadFailed = ({
  code,
  title,
  retry,
  onRetry,
}: {
  code: MessageCode | null
  title: string
  retry: string
  onRetry: () => void
}) => (
  <Stack gap="sm" align="flex-start">
    <ServerAlert code={code} title={title} />
    <Button variant="light" onClick={onRetry}>
      {retry}
    </Button>
  </Stack>
)

/**
 * What a loading chart's screen says before its answer: the spinner while `loading`, the failure
 * and its retry when `failed`, nothing otherwise.
 */
export const LoadStatus = ({
  loading,
  failed,
  code,
  texts,
  onRetry,
}: {
  loading: boolean
  failed: boolean
  code: MessageCode | null
  texts: { readonly loading: string; readonly loadFailed: string; readonly retry: string }
  onRetry: () => void
}) =>
  loading ? (
    <Loading text={texts.loading} />
  ) : failed ? (
    <LoadFailed code={code} title={texts.loadFailed} retry={texts.retry} onRetry={onRetry} />
  ) : null
