// Size: one tab; its two forms (defaults, a member's rights) share one chart and the person's rights.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveClusterRightsMachine } from "../../machines/membership/clusterRights.actors"
import type { UserId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import type { Right } from "../../schema/rights"
import { userLabel } from "../../schema/user"
import { useClusterPage } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint, wrapping } from "../common/RightHint"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"
import { RightSwitches } from "./RightSwitches"

const Saved = ({ text }: { text: string }) => (
  <Alert color="green" variant="light" role="status">
    {text}
  </Alert>
)

/** ClustersRights: the defaults for new members, then each member's own rights (editCluster). */
export const ClusterRightsTab = ({
  machine = liveClusterRightsMachine,
}: {
  machine?: typeof liveClusterRightsMachine
}) => {
  const { LL } = useI18nContext()
  const page = useClusterPage()
  const session = useSessionActor()
  const myId = useSelector(session, (s) => s.context.me?.id ?? null)
  // A save that changes the person's own rights: the page reloads the structure.
  const provided = useProvided(machine, {
    tellMemberSaved: (_, saved) => {
      if (myId !== null && saved.user.id === myId) page.refresh()
    },
  })
  const rightsActor = useActorRef(provided, { input: { cluster: page.cluster, me: myId } })
  const state = useSelector(rightsActor, (s) => s)
  const { members, saved, error } = state.context
  const myRights = page.cluster.myRights
  const canEdit = holds(myRights, "editCluster")
  const busy = state.hasTag("busy")

  const [defaults, setDefaults] = useState<ReadonlyArray<Right>>(page.cluster.defaultRights)
  const [apply, setApply] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const saveDefaults = () =>
    rightsActor.send({ type: "clusterRights.saveDefaults", rights: defaults, applyToMembers: apply })
  const others =
    members === null ? page.cluster.memberCount - 1 : members.filter((m) => m.user.id !== myId).length
  const [picked, setPicked] = useState<UserId | null>(null)
  const member: Member | undefined = members?.find((m) => m.user.id === picked) ?? members?.[0]
  const [memberRights, setMemberRights] = useState<ReadonlyArray<Right> | null>(null)
  const shownRights = memberRights ?? member?.rights ?? []

  if (state.matches("failed"))
    return (
      <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
        <Stack align="flex-start" gap="sm">
          <Text>{LL.clusters.rightsScreen.loadFailed()}</Text>
          <Button variant="light" onClick={() => rightsActor.send({ type: "clusterRights.retry" })}>
            {LL.clusters.page.retry()}
          </Button>
        </Stack>
      </Alert>
    )

  return (
    <Stack gap="lg" maw={860}>
      <Title order={2} size="h3">
        {LL.screens.clustersRights()}
      </Title>
      {canEdit ? null : <RightHint right="editCluster" />}
      <ServerAlert code={error} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            // Applying to the other members replaces their rights: said before it is done.
            if (apply) setConfirming(true)
            else saveDefaults()
          }}
        >
          <Stack gap="md">
            <Title order={3} size="h4">
              {LL.clusters.rightsScreen.defaultsTitle()}
            </Title>
            <Text size="sm">{LL.clusters.rightsScreen.defaultsIntro()}</Text>
            <RightSwitches
              idPrefix="defaults"
              value={defaults}
              onChange={setDefaults}
              myRights={myRights}
              disabled={!canEdit}
            />
            <Text size="sm" c="dimmed">
              {LL.clusters.rightsScreen.keepNote()}
            </Text>
            <Checkbox
              size="md"
              label={LL.clusters.rightsScreen.applyToMembers()}
              checked={apply}
              disabled={!canEdit}
              onChange={(e) => setApply(e.currentTarget.checked)}
            />
            {saved === "defaults" && !busy ? <Saved text={LL.clusters.rightsScreen.defaultsSaved()} /> : null}
            <Group>
              <Button
                type="submit"
                size="md"
                {...wrapping}
                disabled={!canEdit || !state.matches({ ready: "idle" })}
                loading={state.matches({ ready: "savingDefaults" })}
                w={{ base: "100%", xs: "auto" }}
              >
                {LL.clusters.rightsScreen.saveDefaults()}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={LL.clusters.rightsScreen.confirmApply.title()}
        closeButtonProps={{ "aria-label": LL.failure.close() }}
        centered
      >
        <Stack gap="md">
          <List spacing="xs">
            <List.Item>
              {LL.clusters.rightsScreen.confirmApply.others({ count: Math.max(others, 0) })}
            </List.Item>
            <List.Item>{LL.clusters.rightsScreen.confirmApply.mine()}</List.Item>
          </List>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" size="md" {...wrapping} onClick={() => setConfirming(false)}>
              {LL.clusters.rightsScreen.confirmApply.cancel()}
            </Button>
            <Button
              size="md"
              {...wrapping}
              onClick={() => {
                setConfirming(false)
                saveDefaults()
              }}
            >
              {LL.clusters.rightsScreen.confirmApply.confirm()}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={3} size="h4">
            {LL.clusters.rightsScreen.membersTitle()}
          </Title>
          {members === null ? (
            <Loader role="progressbar" aria-label={LL.app.loading()} />
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault()
                if (member)
                  rightsActor.send({
                    type: "clusterRights.saveMember",
                    userId: member.user.id,
                    rights: shownRights,
                  })
              }}
            >
              <Stack gap="md">
                <NativeSelect
                  label={LL.clusters.rightsScreen.pickMember()}
                  size="md"
                  value={member?.user.id ?? ""}
                  data={members.map((m) => ({
                    value: m.user.id,
                    label: `${userLabel(m.user)} · ${LL.clusters.roles[m.role]()}`,
                  }))}
                  onChange={(e) => {
                    setPicked(e.currentTarget.value as UserId)
                    setMemberRights(null)
                  }}
                />
                <RightSwitches
                  idPrefix="member"
                  value={shownRights}
                  onChange={setMemberRights}
                  myRights={myRights}
                  disabled={!canEdit}
                />
                {saved === "member" && !busy ? <Saved text={LL.clusters.rightsScreen.memberSaved()} /> : null}
                <Group>
                  <Button
                    type="submit"
                    size="md"
                    {...wrapping}
                    disabled={!canEdit || member === undefined || !state.matches({ ready: "idle" })}
                    loading={state.matches({ ready: "savingMember" })}
                    w={{ base: "100%", xs: "auto" }}
                  >
                    {LL.clusters.rightsScreen.saveMember()}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
