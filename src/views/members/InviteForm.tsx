import { Button, Card, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveInviteMachine } from "../../machines/membership/invite.actors"
import type { Cluster, MemberRole } from "../../schema/cluster"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { RightHint } from "./shared"

const roles: ReadonlyArray<MemberRole> = ["member", "employee", "partner", "client"]

/** Invite by e-mail with a role (right addMember; disabled with the hint otherwise). */
export const InviteForm = ({
  cluster,
  machine,
  onInvited,
}: {
  cluster: Cluster
  machine: typeof liveInviteMachine
  onInvited: () => void
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const notify = useNotify()
  const provided = useProvided(machine, {
    notifySent: (_, invited) => notify(LL.membership.invite.sent({ email: invited.email })),
    tellInvited: () => {
      setEmail("")
      onInvited()
    },
  })
  const invite = useActorRef(provided, { input: { clusterId: cluster.id } })
  const errors = useSelector(invite, (s) => s.context.errors)
  const error = useSelector(invite, (s) => s.context.error)
  const busy = useSelector(invite, (s) => s.hasTag("busy"))
  const [email, setEmail] = useState("")
  const [role, setRole] = useState<MemberRole>("member")
  const allowed = cluster.myRights.includes("addMember")

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invite-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          invite.send({ type: "invite.submit", email, role })
        }}
      >
        <Stack gap="sm">
          <Title order={2} id="invite-title">
            {LL.membership.invite.title()}
          </Title>
          <Text size="sm" c="dimmed">
            {LL.membership.invite.intro()}
          </Text>
          {!allowed && <RightHint id="invite-hint" right="addMember" />}
          <ServerAlert code={error} />
          <TextInput
            label={LL.membership.invite.email()}
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            size="md"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError(errors.email)}
            disabled={!allowed}
            aria-describedby={allowed ? undefined : "invite-hint"}
          />
          <NativeSelect
            label={LL.membership.invite.role()}
            size="md"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as MemberRole)}
            data={roles.map((r) => ({ value: r, label: LL.clusters.roles[r]() }))}
            disabled={!allowed}
          />
          <Button type="submit" size="md" loading={busy} disabled={!allowed}>
            {LL.membership.invite.submit()}
          </Button>
        </Stack>
      </form>
    </Card>
  )
}
