import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { Link, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineFormMachine } from "../../machines/fleet/machineForm.actors"
import type { Machine } from "../../schema/machine"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { RightHint } from "../common/RightHint"
import { useInSection } from "../common/Section"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { MachineForm } from "./MachineForm"
import { creatable } from "./rights"

type FormMachine = typeof liveMachineFormMachine

/**
 * Adding a machine (machine null: /ListMachines?add=1) or editing one (from its page). A refused
 * creation shows SPEC §8's decimal-comma hint with the server's translated message.
 */
export const MachineFormPage = ({
  machine = null,
  canEdit = true,
  canSettings = true,
  onDone,
  preferredCluster,
  formMachine = liveMachineFormMachine,
}: {
  /** Adding: the structure to choose first, if the person may add to it. */
  preferredCluster?: string
  machine?: Machine | null
  canEdit?: boolean
  canSettings?: boolean
  /** Editing: back to the machine page with the saved version. */
  onDone?: (saved: Machine | null) => void
  formMachine?: FormMachine
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  // Inside a section or under the machine's own header the page already has its h1.
  const sub = useInSection() || onDone !== undefined
  const { clusters } = useMyClusters()
  const adding = machine === null
  const choices = adding ? creatable(clusters) : null
  const provided = useProvided(formMachine, {
    notifySaved: () => notify(adding ? LL.machines.form.created() : LL.machines.form.saved()),
    navigateToSaved: (_, saved) =>
      onDone ? onDone(saved) : void navigate({ to: "/machines/$idmachine", params: { idmachine: saved.id } }),
  })
  const form = useActorRef(provided, {
    input: {
      machine,
      cluster:
        machine?.cluster.id ?? (choices?.find((c) => c.id === preferredCluster) ?? choices?.[0])?.id ?? null,
    },
  })
  const state = useSelector(form, (s) => s)
  // The person's structures may arrive after the form opened: choose one as soon as they do.
  const firstChoice = (choices?.find((c) => c.id === preferredCluster) ?? choices?.[0])?.id
  const needsCluster = adding && state.context.cluster === null && state.matches("editing")
  useEffect(() => {
    if (needsCluster && firstChoice !== undefined)
      form.send({ type: "machineForm.pickCluster", cluster: firstChoice })
  }, [needsCluster, firstChoice, form])
  const title = adding ? LL.machines.form.addTitle() : LL.machines.form.editTitle({ name: machine.name })
  const failed = state.matches({ editing: "failed" }) ? state.context.error : null
  return (
    <Stack gap="lg" maw={860}>
      <Title order={sub ? 2 : 1} size={sub ? "h3" : undefined}>
        {title}
      </Title>
      {adding && clusters !== null && choices?.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>{LL.machines.form.noCreatableCluster()}</Text>
          <RightHint right="createMachine" />
        </Stack>
      ) : null}
      {canEdit ? null : <RightHint right="editMachine" />}
      {state.matches("loadFailed") ? (
        <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
          <Stack align="flex-start" gap="sm">
            <Text>{LL.machines.form.loadFailed()}</Text>
            <Button variant="light" onClick={() => form.send({ type: "machineForm.retry" })}>
              {LL.machines.form.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : state.matches("loading") ? (
        <Center p="xl">
          <Loader role="progressbar" aria-label={LL.app.loading()} />
        </Center>
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
          <Stack gap="md">
            {failed !== null && adding ? (
              <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
                <Stack gap={4}>
                  <Text size="sm">{LL.machines.form.decimalHint()}</Text>
                  <Text size="sm" fw={600}>
                    {errorText(LL, failed)}
                  </Text>
                </Stack>
              </Alert>
            ) : (
              <ServerAlert code={failed} />
            )}
            <MachineForm
              machine={machine}
              clusters={choices}
              cluster={state.context.cluster}
              onPickCluster={(cluster) => form.send({ type: "machineForm.pickCluster", cluster })}
              brands={state.context.brands}
              categories={state.context.categories}
              members={state.context.members}
              errors={state.context.errors}
              busy={state.hasTag("busy")}
              canEdit={canEdit && (!adding || (choices?.length ?? 0) > 0)}
              canSettings={canSettings}
              submitLabel={adding ? LL.machines.form.create() : LL.machines.form.save()}
              onSave={(values) => form.send({ type: "machineForm.save", values })}
              footer={
                onDone ? (
                  <Button size="md" variant="default" onClick={() => onDone(null)}>
                    {LL.machines.form.cancel()}
                  </Button>
                ) : (
                  <Button size="md" variant="default" component={Link} to="/ListMachines">
                    {LL.machines.form.cancel()}
                  </Button>
                )
              }
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
