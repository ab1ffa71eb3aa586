import { Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"

/** Asks whether to delete something for good: what will go, keep it, or delete it. */
export const ConfirmDelete = ({
  opened,
  title,
  warning,
  keep,
  remove,
  onKeep,
  onDelete,
}: {
  opened: boolean
  title: string
  warning: string
  keep: string
  remove: string
  onKeep: () => void
  onDelete: () => void
}) => {
  const { LL } = useI18nContext()
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={title}
      closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
    >
      <Stack gap="md">
        <Text>{warning}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            {keep}
          </Button>
          <Button color="red" onClick={onDelete}>
            {remove}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
