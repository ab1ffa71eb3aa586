import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core"
import { Link, Outlet, useLocation, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { type ComponentProps, createContext, useContext, useEffect } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachinePageData } from "../../machines/fleet/machinePage"
import { liveMachinePageMachine } from "../../machines/fleet/machinePage.actors"
import { MachineId } from "../../schema/ids"
import type { Machine } from "../../schema/machine"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { RightHint, wrapping } from "../common/RightHint"
import { sectionTabs } from "../common/sections"
import { useNotify } from "../common/useNotify"
import { useSessionActor } from "../session/session"
import { MachineDetails } from "./MachineDetails"
import { MachineFormPage } from "./MachineFormPage"
import { abilities } from "./rights"

type PageMachine = typeof liveMachinePageMachine

/** The open machine, for its tabs. */
export const MachinePageContext = createContext<MachinePageData | null>(null)
export const useMachinePage = (): MachinePageData => {
  const page = useContext(MachinePageContext)
  if (page === null) throw new Error("useMachinePage outside a machine page")
  return page
}

const Header = ({ machine }: { machine: Machine }) => {
  const { LL } = useI18nContext()
  const make = [machine.brand?.name, machine.model].filter((part) => part != null && part !== "").join(" ")
  return (
    <Stack gap={6}>
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {machine.name}
      </Title>
      {make === "" ? null : <Text fw={600}>{make}</Text>}
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" size="lg" tt="none" maw="100%">
          {machine.cluster.name}
        </Badge>
        <Badge
          variant="outline"
          size="lg"
          tt="none"
          color={machine.currentCounter === null ? "gray" : undefined}
        >
          {machine.currentCounter === null
            ? LL.machines.page.noBox()
            : LL.machines.page.box({ id: machine.currentCounter })}
        </Badge>
      </Group>
    </Stack>
  )
}

const MachineTabs = ({ base }: { base: string }) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const active = sectionTabs.machine.find((tab) => pathname === `${base}/${tab.path}`)
  return (
    <Tabs
      value={active?.screen ?? null}
      variant="pills"
      styles={{ tabLabel: { whiteSpace: "normal", overflowWrap: "anywhere" } }}
    >
      {/* Six tabs never fit one row on a phone: they wrap into equal cells (three a row at 360 px,
          one row on a wide screen), so none hides off-screen. */}
      <Tabs.List
        style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(6.5rem, 1fr))", gap: 6 }}
      >
        {sectionTabs.machine.map((tab) => (
          <Tabs.Tab
            key={tab.screen}
            value={tab.screen}
            renderRoot={(props) => <Link {...props} to={String(`${base}/${tab.path}`)} />}
            style={{
              minHeight: 44,
              border: "1px solid var(--mantine-color-default-border)",
              textAlign: "center",
            }}
            px="xs"
          >
            {LL.screens[tab.screen]()}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}

const NotFound = () => {
  const { LL } = useI18nContext()
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack align="flex-start">
        <Title order={1} size="h2">
          {LL.machines.page.notFoundTitle()}
        </Title>
        <Text c="dimmed">{LL.machines.page.notFoundText()}</Text>
        <Button component={Link} to="/ListMachines" size="md">
          {LL.machines.page.back()}
        </Button>
      </Stack>
    </Paper>
  )
}

/**
 * /machines/{id}: the header (name, brand and model, structure, the box on it now), Modifier and
 * Supprimer (disabled with the missing right), the machine's details (read-only), the tabs and the
 * open tab; `editing` shows the
 * edit form instead of the tabs.
 */
export const MachinePage = ({
  id,
  editing,
  onEditing,
  machine = liveMachinePageMachine,
  formMachine,
}: {
  id: MachineId
  editing: boolean
  onEditing: (open: boolean) => void
  machine?: PageMachine
  formMachine?: ComponentProps<typeof MachineFormPage>["formMachine"]
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  const { clusters } = useMyClusters()
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  const actor = useActorRef(machine, { input: { id } })
  const state = useSelector(actor, (s) => s)
  const deleted = state.matches("deleted")
  useEffect(() => {
    if (!deleted) return
    notify(LL.machines.page.deleted())
    void navigate({ to: "/ListMachines" })
  }, [deleted, notify, navigate, LL])
  const page = state.context.page
  if (state.matches("notFound")) return <NotFound />
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
  if (page === null || deleted)
    return (
      <Center p="xl">
        <Loader aria-label={LL.app.loading()} />
      </Center>
    )
  const may = abilities(page.machine, clusters, page.access, me)
  const confirming = state.matches({ ready: "confirmingDelete" }) || state.matches({ ready: "deleting" })
  return (
    <MachinePageContext.Provider value={page}>
      <Stack gap="md">
        <Header machine={page.machine} />
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
            <MachineTabs base={`/machines/${id}`} />
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
    <NotFound />
  )
