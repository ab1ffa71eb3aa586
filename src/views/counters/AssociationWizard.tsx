import { Alert, Button, Card, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { DateTime } from "effect"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAssociationWizardMachine } from "../../machines/counters/associationWizard.actors"
import type { ClusterId, MachineId } from "../../schema/ids"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { fromLocalInput, toLocalInput } from "../common/format"
import { holds } from "../common/RightHint"
import { WizardStepOne } from "./WizardStepOne"
import { WizardStepTwo } from "./WizardStepTwo"

export type WizardMachine = typeof liveAssociationWizardMachine

/** /counter/Association: put a box on a machine, in two steps (SPEC §4); then another one. */
export const AssociationWizard = ({
  machine = liveAssociationWizardMachine,
}: {
  machine?: WizardMachine
}) => {
  const [round, setRound] = useState(0)
  return <Wizard key={round} machine={machine} onAgain={() => setRound((r) => r + 1)} />
}

const Wizard = ({ machine, onAgain }: { machine: WizardMachine; onAgain: () => void }) => {
  const { LL } = useI18nContext()
  const { clusters } = useMyClusters()
  const actor = useActorRef(machine, { input: {} })
  const state = useSelector(actor, (s) => s)
  const { step, errors, error, counters, machines, created } = state.context
  // Until the person picks one: the only structure where they may place boxes, if there is one.
  const [picked, setPicked] = useState<string | null | undefined>(undefined)
  const placeable = clusters?.filter((c) => holds(c.myRights, "editCounters")) ?? []
  const cluster = picked !== undefined ? picked : placeable.length === 1 ? (placeable[0]?.id ?? null) : null
  const [counter, setCounter] = useState("")
  const [machineId, setMachineId] = useState<string | null>(null)
  const [start, setStart] = useState(() =>
    toLocalInput(DateTime.unsafeMake(actor.getSnapshot().context.start)),
  )
  const [end, setEnd] = useState("")
  const busy = state.hasTag("busy")
  const none = { value: "", label: LL.machines.form.none() }
  const chosen = clusters?.find((c) => c.id === cluster)
  const canEdit = chosen === undefined || holds(chosen.myRights, "editCounters")
  if (state.matches("done") && created !== null)
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {LL.counters.wizard.done({
            counter: created.counter,
            machine: created.machines.map((m) => m.name).join(", "),
          })}
        </Alert>
        <Button size="md" variant="light" onClick={onAgain} style={{ alignSelf: "flex-start" }}>
          {LL.counters.wizard.again()}
        </Button>
      </Stack>
    )
  return (
    <Card withBorder radius="md" padding="md" maw={560}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {LL.counters.wizard.title()}
        </Title>
        <Text fw={600} aria-live="polite">
          {LL.counters.wizard.step({ step })}
        </Text>
        <ServerAlert code={error} />
        {state.matches("failed") ? (
          <Button size="md" variant="light" onClick={() => actor.send({ type: "wizard.retry" })}>
            {LL.counters.history.retry()}
          </Button>
        ) : counters === null ? (
          <Loader role="progressbar" aria-label={LL.app.loading()} />
        ) : step === 1 ? (
          <WizardStepOne
            options={[none, ...(clusters ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            cluster={cluster}
            onPick={setPicked}
            counter={counter}
            setCounter={setCounter}
            counters={counters}
            errors={errors}
            canEdit={canEdit}
            busy={busy}
            onNext={() =>
              actor.send({ type: "wizard.next", cluster: (cluster as ClusterId | null) ?? null, counter })
            }
          />
        ) : (
          <WizardStepTwo
            counter={state.context.counter}
            clusterName={chosen?.name ?? ""}
            none={none}
            machines={machines}
            machineId={machineId}
            setMachineId={setMachineId}
            start={start}
            setStart={setStart}
            end={end}
            setEnd={setEnd}
            errors={errors}
            busy={busy}
            onBack={() => actor.send({ type: "wizard.back" })}
            onSubmit={() => {
              const s = fromLocalInput(start)
              const e = fromLocalInput(end)
              actor.send({
                type: "wizard.submit",
                machine: (machineId as MachineId | null) ?? null,
                start_date: s === null ? null : DateTime.unsafeMake(s),
                end_date: e === null ? null : DateTime.unsafeMake(e),
              })
            }}
          />
        )}
      </Stack>
    </Card>
  )
}
