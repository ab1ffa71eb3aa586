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
