import { Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { wrapping } from "../common/RightHint"
import { Unbroken } from "./Unbroken"

/** The question asked before a box is taken off the machine. */
export const PickoffConfirm = ({
  opened,
  counter,
  machine,
  onConfirm,
  onCancel,
}: {
  opened: boolean
  counter: string | null
  machine: string
  onConfirm: () => void
  onCancel: () => void
}) => {
  const { LL } = useI18nContext()
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={LL.counters.removal.confirmTitle()}
      closeButtonProps={{ "aria-label": LL.counters.removal.cancel() }}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: "anywhere" }}>
          <Unbroken
            text={LL.counters.removal.confirmText({
              counter: counter ?? "",
              machine,
            })}
            ids={counter === null ? [] : [counter]}
          />
        </Text>
        <Group gap="sm">
          <Button size="md" color="red" {...wrapping} onClick={onConfirm}>
            {LL.counters.removal.confirm()}
          </Button>
          <Button size="md" variant="default" onClick={onCancel}>
            {LL.counters.removal.cancel()}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
