import { Button, Card, Group, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { RoleBadge } from "./shared"

/** One member: name and e-mail, role; Quitter for oneself, Retirer for another. */
export const MemberRow = ({
  member,
  me,
  mayRemove,
  busy,
  onRemove,
}: {
  member: Member
  me: boolean
  mayRemove: boolean
  busy: boolean
  onRemove: () => void
}) => {
  const { LL } = useI18nContext()
  const label = userLabel(member.user)
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 12rem" }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {label}
            {me ? ` (${LL.membership.members.you()})` : ""}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {member.user.email}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          <RoleBadge role={member.role} />
          {me ? (
            <Button variant="default" color="red" size="md" disabled={busy} onClick={onRemove}>
              {LL.membership.members.leave()}
            </Button>
          ) : (
            <Button
              variant="light"
              color="red"
              size="md"
              disabled={!mayRemove || busy}
              aria-label={LL.membership.members.removeNamed({ name: label })}
              aria-describedby={mayRemove ? undefined : "remove-hint"}
              onClick={onRemove}
            >
              {LL.membership.members.remove()}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  )
}
