// Size: the page's states and its edit and delete actions around one chart (header: MachineHeader).
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core"
import { Link, Outlet, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { type ComponentProps, createContext, useContext } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachinePageData } from "../../machines/fleet/machinePage"
import { liveMachinePageMachine } from "../../machines/fleet/machinePage.actors"
import type { MachineSensorsLoader } from "../../machines/telemetry/sensors.actors"
import { MachineId } from "../../schema/ids"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { RightHint, wrapping } from "../common/RightHint"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"
import { MachineDetails } from "./MachineDetails"
import { MachineFormPage } from "./MachineFormPage"
import { MachineHeader, MachineNotFound, MachineSectionTabs } from "./MachineHeader"
import { MachineSensors } from "./MachineSensors"
import { abilities } from "./rights"

type PageMachine = typeof liveMachinePageMachine

/** The open machine, for its tabs. */
export const MachinePageContext = createContext<MachinePageData | null>(null)
export const useMachinePage = (): MachinePageData => {
  const page = useContext(MachinePageContext)
  if (page === null) throw new Error("useMachinePage outside a machine page")
  return page
}

/**
 * /machines/{id}: the header (name, brand and model, structure, the box on it now), Modifier and
 * Supprimer (disabled with the missing right), the machine's details (read-only), what its box
 * reports (sensors and tags), the tabs and the open tab; `editing` shows the
 * edit form instead of the tabs.
 */
export const MachinePage = ({
  id,
  editing,
  onEditing,
  machine = liveMachinePageMachine,
  formMachine,
  sensors,
}: {
  id: MachineId
  editing: boolean
  onEditing: (open: boolean) => void
  machine?: PageMachine
  formMachine?: ComponentProps<typeof MachineFormPage>["formMachine"]
  /** What reads the machine's boxes for its sensors card (the live call by default). */
  sensors?: MachineSensorsLoader
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  const { clusters } = useMyClusters()
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  const provided = useProvided(machine, {
    notifyDeleted: () => notify(LL.machines.page.deleted()),
    navigateToList: () => void navigate({ to: "/ListMachines" }),
  })
  const actor = useActorRef(provided, { input: { id } })
  const state = useSelector(actor, (s) => s)
  const page = state.context.page
  if (state.matches("notFound")) return <MachineNotFound />
  if (state.matches("failed"))
    return (
      <Alert color="red" variant="light" title={LL.failure.heading()} role="alert" maw={560}>
        <Stack align="flex-start" gap="sm">
          <Text>
            {state.context.error === "forbidden" ? LL.errors.forbidden() : LL.machines.page.loadFailed()}
          </Text>
          {state.context.error === "forbidden" ? <RightHint right="seeMachines" /> : null}
          <Button variant="light" onClick={() => actor.send({ type: "machinePage.refresh" })}>
            {LL.machines.page.retry()}
          </Button>
        </Stack>
      </Alert>
    )
  if (page === null || state.matches("deleted"))
    return (
      <Center p="xl">
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      </Center>
    )
  const may = abilities(page.machine, clusters, page.access, me)
  const confirming = state.matches({ ready: "confirmingDelete" }) || state.matches({ ready: "deleting" })
  return (
    <MachinePageContext.Provider value={page}>
      <Stack gap="md">
        <MachineHeader machine={page.machine} />
        <Group gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={4}>
            <Button
              size="md"
              variant="light"
              disabled={!may.edit || editing}
              onClick={() => onEditing(true)}
              {...wrapping}
            >
              {LL.machines.page.edit()}
            </Button>
            {may.edit ? null : (
              <Text
                size="sm"
                fw={600}
                role="note"
                pl="xs"
                style={{ borderLeft: "3px solid var(--mantine-color-orange-6)" }}
              >
                {LL.machines.page.needsEdit()}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Button
              size="md"
              variant="light"
              color="red"
              disabled={!may.delete}
              onClick={() => actor.send({ type: "machinePage.askDelete" })}
              {...wrapping}
            >
              {LL.machines.page.delete()}
            </Button>
            {may.delete ? null : <RightHint right="deleteMachine" />}
          </Stack>
        </Group>
        {editing ? (
          <MachineFormPage
            machine={page.machine}
            canEdit={may.edit}
            canSettings={may.settings}
            formMachine={formMachine}
            onDone={(saved) => {
              onEditing(false)
              if (saved !== null) actor.send({ type: "machinePage.updated", machine: saved })
            }}
          />
        ) : (
          <>
            <MachineDetails machine={page.machine} />
            <MachineSensors machineId={id} load={sensors} />
            <Button
              component={Link}
              to={`/machines/${id}/dashboard`}
              variant="light"
              size="md"
              style={{ alignSelf: "flex-start" }}
              {...wrapping}
            >
              {LL.machines.page.seeHistory()}
            </Button>
            <MachineSectionTabs base={`/machines/${id}`} />
            <Outlet />
          </>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => actor.send({ type: "machinePage.cancelDelete" })}
        title={LL.machines.page.confirmTitle({ name: page.machine.name })}
        closeButtonProps={{ "aria-label": LL.machines.page.cancel() }}
      >
        <Stack gap="md">
          <Text>{LL.machines.page.confirmText()}</Text>
          <ServerAlert code={state.context.error} />
          <Group gap="sm" wrap="wrap">
            <Button
              color="red"
              size="md"
              loading={state.hasTag("busy")}
              onClick={() => actor.send({ type: "machinePage.confirmDelete" })}
              {...wrapping}
            >
              {LL.machines.page.confirmDelete()}
            </Button>
            <Button
              size="md"
              variant="default"
              onClick={() => actor.send({ type: "machinePage.cancelDelete" })}
            >
              {LL.machines.page.cancel()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </MachinePageContext.Provider>
  )
}

/** The route's entry: an address that cannot be a machine's is "not found" without asking. */
export const MachineRoutePage = ({
  idmachine,
  editing,
  onEditing,
}: {
  idmachine: string
  editing: boolean
  onEditing: (open: boolean) => void
}) =>
  Schema.is(MachineId)(idmachine) ? (
    <MachinePage key={idmachine} id={idmachine} editing={editing} onEditing={onEditing} />
  ) : (
    <MachineNotFound />
  )
