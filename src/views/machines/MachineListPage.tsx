import {
  Alert,
  Button,
  Card,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineListMachine } from "../../machines/fleet/machineList.actors"
import { useMyClusters } from "../common/clusterContexts"
import { fold } from "../common/fold"
import { RightHint, wrapping } from "../common/RightHint"
import { creatable } from "./rights"

/** /ListMachines: the machines the person sees, searched by name and filtered by structure. */
export const MachineListPage = ({
  machine = liveMachineListMachine,
}: {
  machine?: typeof liveMachineListMachine
}) => {
  const { LL } = useI18nContext()
  const { clusters } = useMyClusters()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [q, setQ] = useState("")
  const [cluster, setCluster] = useState("")
  const machines = state.context.machines
  const shown = (machines ?? []).filter(
    (m) => (cluster === "" || m.cluster.id === cluster) && fold(m.name).includes(fold(q.trim())),
  )
  const structures = [...new Map((machines ?? []).map((m) => [m.cluster.id, m.cluster.name])).entries()]
  const mayAdd = creatable(clusters).length > 0
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>{LL.screens.listMachines()}</Title>
      <Text c="dimmed">{LL.machines.list.intro()}</Text>
      <Stack gap={4} align="flex-start">
        {mayAdd ? (
          <Button
            size="md"
            renderRoot={(props) => <Link {...props} to="/ListMachines" search={{ add: 1 }} />}
            {...wrapping}
          >
            {LL.machines.list.add()}
          </Button>
        ) : (
          <Button size="md" disabled aria-describedby="add-machine-hint" {...wrapping}>
            {LL.machines.list.add()}
          </Button>
        )}
        {mayAdd || clusters === null ? null : <RightHint right="createMachine" id="add-machine-hint" />}
      </Stack>
      {/* One above the other on a phone (each its full width, no name cut short), side by side from `xs`. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="search"
          size="md"
          label={LL.machines.list.search()}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <NativeSelect
          size="md"
          label={LL.machines.list.cluster()}
          value={cluster}
          onChange={(e) => setCluster(e.currentTarget.value)}
          data={[
            { value: "", label: LL.machines.list.allClusters() },
            ...structures.map(([id, name]) => ({ value: id, label: name })),
          ]}
        />
      </SimpleGrid>
      {state.matches("failed") ? (
        <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
          <Stack align="flex-start" gap="sm">
            <Text>{LL.machines.list.loadFailed()}</Text>
            <Button variant="light" onClick={() => actor.send({ type: "machineList.refresh" })}>
              {LL.machines.list.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : machines === null ? (
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      ) : machines.length === 0 ? (
        <Text>{LL.machines.list.none()}</Text>
      ) : shown.length === 0 ? (
        <Text>{LL.machines.list.noMatch()}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={LL.screens.listMachines()}
        >
          {shown.map((m) => (
            <Card key={m.id} component="li" withBorder radius="md" padding={0}>
              <Link
                to="/machines/$idmachine"
                params={{ idmachine: m.id }}
                style={{
                  display: "block",
                  padding: "12px 14px",
                  minHeight: 44,
                  color: "inherit",
                  textDecoration: "none",
                }}
              >
                <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                  {m.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {m.cluster.name}
                </Text>
              </Link>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
