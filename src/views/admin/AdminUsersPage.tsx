import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminUsersMachine } from "../../machines/admin/adminUsers.actors"
import { userLabel } from "../../schema/user"
import { wrapping } from "../common/RightHint"
import { useSessionActor } from "../session/session"
import { AdminLoad, cardList, Outcome } from "./AdminStates"

export type AdminUsersMachine = typeof liveAdminUsersMachine

/**
 * /admin/users: every account, by name; make or unmake a platform administrator, each after a
 * confirmation naming the person (the role gives full platform rights).
 */
export const AdminUsersPage = ({ machine = liveAdminUsersMachine }: { machine?: AdminUsersMachine }) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const me = useSelector(useSessionActor(), (s) => s.context.me?.id ?? null)
  const { users, saving, pending, error } = state.context
  const canChange = state.can({ type: "adminUsers.setAdmin", user: "" as never, admin: true })
  const asked = users?.find((u) => u.user.id === pending?.user)
  const askedName = asked === undefined ? "" : userLabel(asked.user)
  const cancel = () => actor.send({ type: "adminUsers.cancel" })
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.users()}
      </Title>
      <AdminLoad
        forbidden={state.matches("forbidden")}
        failed={state.matches("failed")}
        loaded={users !== null}
        error={error}
        onRetry={() => actor.send({ type: "adminUsers.retry" })}
      >
        <Outcome done={null} error={error} />
        {users?.length === 0 ? <Text>{LL.counters.admin.noUsers()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(users ?? []).map((row) => {
            const name = userLabel(row.user)
            return (
              <Card key={row.user.id} component="li" withBorder radius="md" padding="md" aria-label={name}>
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {name}
                      {row.user.id === me ? ` (${LL.counters.admin.you()})` : ""}
                    </Text>
                    {row.admin ? (
                      <Badge color="secondary" variant="filled">
                        {LL.counters.admin.admin()}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {row.user.email}
                  </Text>
                  <Text size="sm">
                    {LL.counters.admin.status()} :{" "}
                    {row.status === "finalised"
                      ? LL.counters.admin.finalised()
                      : LL.counters.admin.unconfigured()}
                    {" · "}
                    {LL.counters.admin.structures({ n: row.clusters })}
                  </Text>
                  <Button
                    size="md"
                    variant={row.admin ? "outline" : "light"}
                    color={row.admin ? "red" : undefined}
                    disabled={!canChange && pending?.user !== row.user.id}
                    loading={saving === row.user.id || pending?.user === row.user.id}
                    onClick={() =>
                      actor.send({ type: "adminUsers.setAdmin", user: row.user.id, admin: !row.admin })
                    }
                    {...wrapping}
                  >
                    {row.admin ? LL.counters.admin.unmakeAdmin() : LL.counters.admin.makeAdmin()}
                  </Button>
                </Stack>
              </Card>
            )
          })}
        </SimpleGrid>
        <Modal
          opened={state.matches("confirming")}
          onClose={cancel}
          title={
            pending?.admin
              ? LL.counters.admin.makeAdminConfirmTitle({ name: askedName })
              : LL.counters.admin.unmakeAdminConfirmTitle({ name: askedName })
          }
          closeButtonProps={{ "aria-label": LL.counters.admin.cancel() }}
        >
          <Stack gap="md">
            <Text style={{ overflowWrap: "anywhere" }}>
              {pending?.admin
                ? LL.counters.admin.makeAdminConfirmText({ name: askedName })
                : LL.counters.admin.unmakeAdminConfirmText({ name: askedName })}
            </Text>
            <Group gap="sm">
              <Button
                size="md"
                color={pending?.admin ? undefined : "red"}
                {...wrapping}
                onClick={() => actor.send({ type: "adminUsers.confirm" })}
              >
                {pending?.admin ? LL.counters.admin.makeAdmin() : LL.counters.admin.unmakeAdmin()}
              </Button>
              <Button size="md" variant="default" onClick={cancel}>
                {LL.counters.admin.cancel()}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </AdminLoad>
    </Stack>
  )
}
