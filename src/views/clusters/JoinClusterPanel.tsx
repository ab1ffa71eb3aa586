import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveJoinClusterMachine } from "../../machines/membership/joinCluster.actors"
import { type MemberRole, MemberRole as MemberRoles } from "../../schema/cluster"
import { ServerAlert, useFieldError } from "../common/FormMessages"

type JoinMachine = typeof liveJoinClusterMachine
const roles = MemberRoles.literals

/** Find a structure in the directory (2 characters at least) and ask to join it. */
export const JoinClusterPanel = ({ machine = liveJoinClusterMachine }: { machine?: JoinMachine }) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const join = useActorRef(machine)
  const state = useSelector(join, (s) => s)
  const [q, setQ] = useState("")
  const [role, setRole] = useState<MemberRole>("member")
  const { results, errors, error, requested } = state.context
  const busy = state.hasTag("busy")
  const status = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (requested !== null) status.current?.focus()
  }, [requested])
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.clusters.join.title()}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          join.send({ type: "joinCluster.search", q })
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={LL.clusters.join.search()}
            description={LL.clusters.join.searchHint()}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            error={fieldError(errors.q)}
            size="md"
            style={{ flex: "1 1 220px" }}
          />
          <Button type="submit" size="md" variant="light" loading={state.matches("searching")}>
            {LL.clusters.join.searchButton()}
          </Button>
        </Group>
      </form>
      <ServerAlert code={error} />
      {requested !== null && error === null ? (
        <Alert ref={status} tabIndex={-1} color="green" variant="light" role="status">
          {LL.clusters.join.sent()}
        </Alert>
      ) : null}
      {results === null ? null : results.length === 0 ? (
        <Text c="dimmed">{LL.clusters.join.noResult()}</Text>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label={LL.clusters.join.role()}
            size="md"
            maw={320}
            value={role}
            data={roles.map((value) => ({ value, label: LL.clusters.roles[value]() }))}
            onChange={(e) => setRole(e.currentTarget.value as MemberRole)}
          />
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {results.map((entry) => (
              <Card key={entry.id} component="li" withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: "1 1 180px" }}>
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {entry.mine === "member" ? (
                        <Anchor component={Link} to={`/clusters/${entry.id}`}>
                          {entry.name}
                        </Anchor>
                      ) : (
                        entry.name
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {LL.clusters.kinds[entry.kind]()} · {entry.city}
                    </Text>
                  </Stack>
                  {entry.mine === "member" ? (
                    <Badge color="green" variant="light" size="lg" tt="none">
                      {LL.clusters.join.member()}
                    </Badge>
                  ) : entry.mine === "requested" ? (
                    <Badge color="orange" variant="light" size="lg" tt="none">
                      {LL.clusters.join.requested()}
                    </Badge>
                  ) : (
                    <Button
                      size="md"
                      disabled={busy}
                      loading={state.matches("requesting") && state.context.request?.clusterId === entry.id}
                      onClick={() => join.send({ type: "joinCluster.request", clusterId: entry.id, role })}
                      aria-label={`${LL.clusters.join.ask()} : ${entry.name}`}
                    >
                      {LL.clusters.join.ask()}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  )
}
