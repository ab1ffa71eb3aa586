import { Affix, Button, Group, Notification, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"

/** Asks whether to load the new version; "later" keeps the running one until the next visit. */
export const ReloadPrompt = ({ onReload, onLater }: { onReload: () => void; onLater: () => void }) => {
  const { LL } = useI18nContext()
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={400}>
      <Notification
        role="alertdialog"
        aria-live="polite"
        title={LL.app.name()}
        onClose={onLater}
        closeButtonProps={{ "aria-label": LL.failure.close() }}
        maw={480}
        mx="auto"
        withBorder
      >
        <Text size="sm" mb="sm">
          {LL.pwa.needRefresh()}
        </Text>
        <Group gap="sm">
          <Button onClick={onReload}>{LL.pwa.reload()}</Button>
          <Button variant="default" onClick={onLater}>
            {LL.pwa.later()}
          </Button>
        </Group>
      </Notification>
    </Affix>
  )
}
