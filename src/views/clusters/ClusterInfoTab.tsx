import { Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useEffect, useRef } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterFormMachine } from "../../machines/membership/clusterForm.actors"
import type { Cluster } from "../../schema/cluster"
import { useClusterPage, useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint } from "../common/RightHint"
import { useNotify } from "../common/useNotify"
import { ClusterForm } from "./ClusterForm"
import { useClusterPageActor } from "./ClusterSection"

const DeleteConfirmation = ({ cluster }: { cluster: Cluster }) => {
  const { LL } = useI18nContext()
  const page = useClusterPageActor()
  const confirming = useSelector(page, (s) => s.matches({ ready: "confirmingDelete" }))
  const deleting = useSelector(page, (s) => s.matches({ ready: "deleting" }))
  const error = useSelector(page, (s) => s.context.error)
  return (
    <Modal
      opened={confirming || deleting}
      onClose={() => page.send({ type: "clusterPage.cancelDelete" })}
      title={LL.clusters.delete.title({ name: cluster.name })}
      closeButtonProps={{ "aria-label": LL.failure.close() }}
      centered
    >
      <Stack gap="md">
        <List spacing="xs">
          <List.Item>{LL.clusters.delete.members({ count: cluster.memberCount })}</List.Item>
          <List.Item>{LL.clusters.delete.invitations()}</List.Item>
          <List.Item>{LL.clusters.delete.machines()}</List.Item>
        </List>
        <Text fw={700}>{LL.clusters.delete.permanent()}</Text>
        <ServerAlert code={confirming ? error : null} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" size="md" onClick={() => page.send({ type: "clusterPage.cancelDelete" })}>
            {LL.clusters.delete.cancel()}
          </Button>
          <Button
            color="red"
            size="md"
            loading={deleting}
            onClick={() => page.send({ type: "clusterPage.confirmDelete" })}
          >
            {LL.clusters.delete.confirm()}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** One fact of the structure: its label above, its value in plain readable text. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} component="div">
    <Text component="dt" size="sm" fw={700}>
      {label}
    </Text>
    <Text component="dd" m={0} size="md" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
      {children}
    </Text>
  </Stack>
)

/**
 * The structure's information as text, for a member who may not edit it (no editCluster): readable
 * outdoors on a phone, not greyed-out inputs.
 */
export const ClusterDetails = ({ cluster }: { cluster: Cluster }) => {
  const { LL } = useI18nContext()
  const f = LL.clusters.form
  const { address } = cluster
  const town = [address.postalCode, address.city].filter((part) => part !== "").join(" ")
  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p={{ base: "sm", sm: "lg" }}
        component="section"
        aria-labelledby="cluster-identity"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="cluster-identity">
            {f.identity()}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
            <Fact label={f.name()}>{cluster.name}</Fact>
            <Fact label={f.type()}>{LL.clusters.types[cluster.type]()}</Fact>
            <Fact label={f.kind()}>{LL.clusters.kinds[cluster.kind]()}</Fact>
            <Fact label={f.vatNumber()}>{cluster.vatNumber ?? f.notGiven()}</Fact>
          </SimpleGrid>
          <Stack component="dl" m={0}>
            <Fact label={f.description()}>{cluster.description ?? f.notGiven()}</Fact>
          </Stack>
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="md"
        p={{ base: "sm", sm: "lg" }}
        component="section"
        aria-labelledby="cluster-address"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="cluster-address">
            {f.address()}
          </Title>
          <Text component="address" size="md" style={{ fontStyle: "normal", overflowWrap: "anywhere" }}>
            {[address.street, address.complement, town, address.country]
              .filter((line): line is string => line !== null && line !== "")
              .map((line) => (
                <span key={line} style={{ display: "block" }}>
                  {line}
                </span>
              ))}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}

/**
 * The structure's own tab: its information, editable with editCluster (else shown as text with the
 * hint), and its deletion (deleteCluster).
 */
export const ClusterInfoTab = ({
  machine = liveClusterFormMachine,
}: {
  machine?: typeof liveClusterFormMachine
}) => {
  const { LL } = useI18nContext()
  const notify = useNotify()
  const { cluster } = useClusterPage()
  const { refresh: refreshMenu } = useMyClusters()
  const page = useClusterPageActor()
  const form = useActorRef(machine, { input: { cluster } })
  const state = useSelector(form, (s) => s)
  const canEdit = holds(cluster.myRights, "editCluster")
  const canDelete = holds(cluster.myRights, "deleteCluster")
  const saved = state.matches("saved") ? state.context.cluster : null
  const handled = useRef<Cluster | null>(null)
  useEffect(() => {
    if (saved === null || handled.current === saved) return
    handled.current = saved
    page.send({ type: "clusterPage.updated", cluster: saved })
    refreshMenu()
    notify(LL.clusters.form.saved())
  }, [saved, page, refreshMenu, notify, LL])
  return (
    <Stack gap="lg" maw={720}>
      {canEdit ? null : <RightHint right="editCluster" id="cluster-edit-hint" />}
      <ServerAlert code={state.matches("failed") ? state.context.error : null} />
      {canEdit ? (
        <ClusterForm
          cluster={cluster}
          errors={state.context.errors}
          busy={state.hasTag("busy")}
          disabled={false}
          submitLabel={LL.clusters.form.save()}
          onSave={(values) => form.send({ type: "clusterForm.save", values })}
        />
      ) : (
        <ClusterDetails cluster={cluster} />
      )}
      <Paper withBorder radius="md" p="md" style={{ borderColor: "var(--mantine-color-red-3)" }}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {LL.clusters.delete.button()}
          </Title>
          <Button
            color="red"
            variant="outline"
            size="md"
            disabled={!canDelete}
            aria-describedby={canDelete ? undefined : "cluster-delete-hint"}
            onClick={() => page.send({ type: "clusterPage.askDelete" })}
          >
            {LL.clusters.delete.button()}
          </Button>
          {canDelete ? null : <RightHint right="deleteCluster" id="cluster-delete-hint" />}
        </Stack>
      </Paper>
      <DeleteConfirmation cluster={cluster} />
    </Stack>
  )
}
