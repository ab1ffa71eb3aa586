import { Button, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core"
import { type useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveMembersMachine } from "../../machines/membership/members.actors"
import type { Cluster } from "../../schema/cluster"
import type { UserId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { MemberRow } from "./MemberRow"
import { RightHint } from "./shared"

type MembersActor = ReturnType<typeof useActorRef<typeof liveMembersMachine>>

/** The members, sorted by name; removing one (or leaving) is asked first. */
export const MembersSection = ({
  cluster,
  me,
  members,
  error,
}: {
  cluster: Cluster
  me: UserId
  members: MembersActor
  error: boolean
}) => {
  const { LL } = useI18nContext()
  const people = useSelector(members, (s) => s.context.people)
  const busy = useSelector(members, (s) => s.hasTag("busy"))
  const failed = useSelector(members, (s) => s.matches("failed"))
  const code = useSelector(members, (s) => s.context.error)
  const [confirming, setConfirming] = useState<Member | null>(null)
  const mayRemove = cluster.myRights.includes("removeMember")
  const leaving = confirming?.user.id === me

  return (
    <Stack gap="sm" component="section" aria-labelledby="members-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="members-title">
          {LL.membership.members.title()}
        </Title>
        {people && <Text c="dimmed">{LL.membership.members.count({ count: people.members.length })}</Text>}
      </Group>
      {!mayRemove && <RightHint id="remove-hint" right="removeMember" />}
      <ServerAlert code={error ? code : null} />
      {failed && (
        <Button variant="default" onClick={() => members.send({ type: "members.reload" })}>
          {LL.membership.retry()}
        </Button>
      )}
      {people === null && !failed && <Loader role="progressbar" aria-label={LL.app.loading()} />}
      {people && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {people.members.map((member) => (
            <MemberRow
              key={member.user.id}
              member={member}
              me={member.user.id === me}
              mayRemove={mayRemove}
              busy={busy}
              onRemove={() => setConfirming(member)}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={leaving ? LL.membership.members.leaveTitle() : LL.membership.members.removeTitle()}
        closeButtonProps={{ "aria-label": LL.failure.close() }}
        centered
      >
        <Stack gap="md">
          <Text>
            {leaving
              ? LL.membership.members.leaveText({ cluster: cluster.name })
              : LL.membership.members.removeText({
                  name: confirming ? userLabel(confirming.user) : "",
                  cluster: cluster.name,
                })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => setConfirming(null)}>
              {LL.membership.cancel()}
            </Button>
            <Button
              color="red"
              size="md"
              onClick={() => {
                if (confirming) members.send({ type: "members.remove", userId: confirming.user.id })
                setConfirming(null)
              }}
            >
              {leaving ? LL.membership.members.leave() : LL.membership.members.remove()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
