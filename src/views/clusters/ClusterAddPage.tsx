import { Paper, Stack, Text, Title } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterFormMachine } from "../../machines/membership/clusterForm.actors"
import type { liveJoinClusterMachine } from "../../machines/membership/joinCluster.actors"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { ClusterForm } from "./ClusterForm"
import { JoinClusterPanel } from "./JoinClusterPanel"

/** /clusters/add: create a structure, or ask to join an existing one. */
export const ClusterAddPage = ({
  formMachine = liveClusterFormMachine,
  joinMachine,
}: {
  formMachine?: typeof liveClusterFormMachine
  joinMachine?: typeof liveJoinClusterMachine
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  const { refresh } = useMyClusters()
  const provided = useProvided(formMachine, {
    notifySaved: () => notify(LL.clusters.add.created()),
    handOverSaved: (_, created) => {
      refresh()
      void navigate({ to: "/clusters/$idCluster", params: { idCluster: created.id } })
    },
  })
  const form = useActorRef(provided, { input: { cluster: null } })
  const state = useSelector(form, (s) => s)
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{LL.screens.clustersAdd()}</Title>
      <Text c="dimmed">{LL.clusters.add.intro()}</Text>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={2} size="h3">
            {LL.clusters.add.createTitle()}
          </Title>
          <ServerAlert code={state.matches("failed") ? state.context.error : null} />
          <ClusterForm
            cluster={null}
            errors={state.context.errors}
            busy={state.hasTag("busy")}
            submitLabel={LL.clusters.add.create()}
            onSave={(values) => form.send({ type: "clusterForm.save", values })}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <JoinClusterPanel machine={joinMachine} />
      </Paper>
    </Stack>
  )
}
