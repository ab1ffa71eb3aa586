import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { onAMachine } from "../../machines/counters/removal"
import { liveRemovalMachine } from "../../machines/counters/removal.actors"
import type { Counter } from "../../schema/counter"
import { ServerAlert } from "../common/FormMessages"
import { RightHint, wrapping } from "../common/RightHint"
import { useCanEditCounters } from "./AssociationItem"
import { Unbroken } from "./Unbroken"

export type RemovalMachine = typeof liveRemovalMachine

/** /counterMobile's `remove` search param: `?remove=1` opens the removal mode. */
export const isRemovalMode = (remove: unknown): boolean => remove === 1 || remove === "1" || remove === true

/** One box on a machine: a big "Retirer le boîtier X de Y" button (editCounters in its structure). */
const RemovalItem = ({
  counter,
  disabled,
  onPick,
}: {
  counter: Counter
  disabled: boolean
  onPick: () => void
}) => {
  const { LL } = useI18nContext()
  const canEdit = useCanEditCounters(counter.cluster?.id ?? "")
  return (
    <Stack component="li" gap={4}>
      <Button size="xl" color="red" fullWidth {...wrapping} disabled={!canEdit || disabled} onClick={onPick}>
        <Unbroken
          text={LL.counters.removal.removeFrom({ counter: counter.id, machine: counter.machine?.name ?? "" })}
          ids={[counter.id]}
        />
      </Button>
      {canEdit ? null : <RightHint right="editCounters" />}
    </Stack>
  )
}

/**
 * /counterMobile?remove=1 (the home card "Retirer un boîtier"): the boxes on a machine now, each
 * with its removal button; a confirmation, then the box's current association ends now, and the
 * page says which box left which machine.
 */
export const RemovalPage = ({ machine = liveRemovalMachine }: { machine?: RemovalMachine }) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const { counters, chosen, removed, error } = state.context
  const busy = state.hasTag("busy")
  const boxes = counters === null ? null : onAMachine(counters)
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {LL.counters.removal.title()}
      </Title>
      <Text c="dimmed">{LL.counters.removal.intro()}</Text>
      {removed !== null ? (
        <Alert color="green" variant="light" role="status">
          {LL.counters.removal.done({ counter: removed.counter, machine: removed.machine })}
        </Alert>
      ) : null}
      {state.matches("failed") ? (
        <Stack gap="sm">
          <ServerAlert code={error} />
          <Button size="md" variant="light" onClick={() => actor.send({ type: "removal.retry" })}>
            {LL.counters.history.retry()}
          </Button>
        </Stack>
      ) : boxes === null ? (
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      ) : (
        <>
          <ServerAlert code={error} />
          {boxes.length === 0 ? (
            <Text>{LL.counters.removal.none()}</Text>
          ) : (
            <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
              {boxes.map((c) => (
                <RemovalItem
                  key={c.id}
                  counter={c}
                  disabled={busy}
                  onPick={() => actor.send({ type: "removal.pick", counter: c.id })}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <Modal
        opened={state.matches("confirming") || state.matches("removing")}
        onClose={() => actor.send({ type: "removal.cancel" })}
        title={LL.counters.removal.confirmTitle()}
        closeButtonProps={{ "aria-label": LL.counters.removal.cancel() }}
      >
        <Stack gap="md">
          <Text style={{ overflowWrap: "anywhere" }}>
            {LL.counters.removal.confirmText({
              counter: chosen?.id ?? "",
              machine: chosen?.machine?.name ?? "",
            })}
          </Text>
          <Group gap="sm">
            <Button
              size="md"
              color="red"
              loading={state.matches("removing")}
              onClick={() => actor.send({ type: "removal.confirm" })}
            >
              {LL.counters.removal.confirm()}
            </Button>
            <Button
              size="md"
              variant="default"
              disabled={busy}
              onClick={() => actor.send({ type: "removal.cancel" })}
            >
              {LL.counters.removal.cancel()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
