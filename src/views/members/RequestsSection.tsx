import { Button, Card, Group, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveMembershipRequestMachine } from "../../machines/membership/membershipRequest.actors"
import type { Cluster } from "../../schema/cluster"
import type { MembershipRequest } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { RightHint, RoleBadge, useFormatDate } from "./shared"

/** Accept / Refuse for one pending request (its own chart); disabled without validateMembership. */
export const RequestDecision = ({
  request,
  machine,
  allowed,
  onDecided,
}: {
  request: MembershipRequest
  machine: typeof liveMembershipRequestMachine
  allowed: boolean
  onDecided: (accepted: boolean) => void
}) => {
  const { LL } = useI18nContext()
  const provided = useProvided(machine, { tellDecided: (_, { accepted }) => onDecided(accepted) })
  const actor = useActorRef(provided, { input: { request } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const error = useSelector(actor, (s) => s.context.error)
  const end = useSelector(actor, (s) => (s.status === "done" ? String(s.value) : null))
  const name = userLabel(request.user)
  if (end === "accepted") return <Text c="green.9">{LL.membership.requests.accepted()}</Text>
  if (end === "refused") return <Text>{LL.membership.requests.refused()}</Text>
  return (
    <Stack gap="xs">
      <ServerAlert code={error} />
      {end === null && (
        <Group gap="sm" grow>
          <Button
            size="md"
            loading={busy}
            disabled={!allowed}
            aria-label={LL.membership.requests.acceptNamed({ name })}
            onClick={() => actor.send({ type: "membershipRequest.accept" })}
          >
            {LL.membership.requests.accept()}
          </Button>
          <Button
            size="md"
            variant="default"
            disabled={!allowed || busy}
            aria-label={LL.membership.requests.refuseNamed({ name })}
            onClick={() => actor.send({ type: "membershipRequest.refuse" })}
          >
            {LL.membership.requests.refuse()}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** Pending requests to join, oldest first (right validateMembership). */
export const RequestsSection = ({
  cluster,
  requests,
  machine,
  onDecided,
}: {
  cluster: Cluster
  requests: ReadonlyArray<MembershipRequest> | null
  machine: typeof liveMembershipRequestMachine
  onDecided: (accepted: boolean) => void
}) => {
  const { LL } = useI18nContext()
  const formatDate = useFormatDate()
  const allowed = cluster.myRights.includes("validateMembership")
  const pending = (requests ?? []).filter((r) => r.status === "pending")
  return (
    <Stack gap="sm" component="section" aria-labelledby="requests-title">
      <Title order={2} id="requests-title">
        {LL.membership.requests.title()}
      </Title>
      {!allowed && <RightHint id="requests-hint" right="validateMembership" />}
      {allowed && requests !== null && pending.length === 0 && (
        <Text c="dimmed">{LL.membership.requests.empty()}</Text>
      )}
      {allowed && pending.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {pending.map((request) => (
            <Card key={request.id} withBorder padding="sm" radius="md" component="li">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {userLabel(request.user)}
                  </Text>
                  <RoleBadge role={request.role} />
                </Group>
                <Text size="sm" c="dimmed">
                  {LL.membership.requests.line({
                    role: LL.clusters.roles[request.role](),
                    date: formatDate(request.createdAt),
                  })}
                </Text>
                <RequestDecision
                  request={request}
                  machine={machine}
                  allowed={allowed}
                  onDecided={onDecided}
                />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
