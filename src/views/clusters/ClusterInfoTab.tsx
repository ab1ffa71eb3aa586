import { Button, Group, List, Modal, Paper, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterFormMachine } from "../../machines/membership/clusterForm.actors"
import type { Cluster } from "../../schema/cluster"
import { useClusterPage, useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint } from "../common/RightHint"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { ClusterDetails } from "./ClusterDetails"
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
  const provided = useProvided(machine, {
    notifySaved: () => notify(LL.clusters.form.saved()),
    handOverSaved: (_, saved) => {
      page.send({ type: "clusterPage.updated", cluster: saved })
      refreshMenu()
    },
  })
  const form = useActorRef(provided, { input: { cluster } })
  const state = useSelector(form, (s) => s)
  const canEdit = holds(cluster.myRights, "editCluster")
  const canDelete = holds(cluster.myRights, "deleteCluster")
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
