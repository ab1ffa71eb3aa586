import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminTagsMachine } from "../../machines/adminTags.actors"
import type { BleTag } from "../../schema/counter"
import { userLabel } from "../../schema/user"
import { wrapping } from "../clusters/RightHint"
import { AdminLoad, cardList, Outcome } from "./AdminStates"
import { ClusterPicker, type ClusterSearchMachine } from "./ClusterPicker"

export type AdminTagsMachine = typeof liveAdminTagsMachine

/** What a tag is attributed to, in words. */
export const TagFacts = ({ tag }: { tag: BleTag }) => {
  const { LL } = useI18nContext()
  const to = tag.machine?.name ?? (tag.user ? userLabel(tag.user) : null)
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          {LL.counters.tags.tag({ id: tag.id })}
        </Title>
        <Badge variant="light">
          {tag.type === "machine" ? LL.counters.tags.typeMachine() : LL.counters.tags.typeUser()}
        </Badge>
      </Group>
      <Text size="sm">
        {LL.counters.list.structure()} : {tag.cluster?.name ?? LL.counters.list.noStructure()}
      </Text>
      <Text size="sm">
        {LL.counters.tags.attributedTo()} :{" "}
        {to ?? (tag.type === "machine" ? LL.counters.tags.noMachine() : LL.counters.tags.nobody())}
      </Text>
    </Stack>
  )
}

/** /admin/tags-attributions: register BLE tags with their type; attach each to a structure. */
export const AdminTagsPage = ({
  machine = liveAdminTagsMachine,
  search,
}: {
  machine?: AdminTagsMachine
  search?: ClusterSearchMachine
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [id, setId] = useState("")
  const [tagType, setTagType] = useState<"machine" | "user">("machine")
  const [open, setOpen] = useState<string | null>(null)
  const { tags, errors, error, registered, attributed, saving } = state.context
  const done = registered
    ? LL.counters.admin.tagRegistered({ id: registered })
    : attributed
      ? LL.counters.admin.attributed({ id: attributed })
      : null
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.tags()}
      </Title>
      <Text c="dimmed">{LL.counters.admin.tagAttributionHint()}</Text>
      <AdminLoad
        forbidden={state.matches("forbidden")}
        failed={state.matches("failed")}
        loaded={tags !== null}
        error={error}
        onRetry={() => actor.send({ type: "adminTags.retry" })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "adminTags.register", id, tagType })
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={LL.counters.admin.tagId()}
              size="md"
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              error={errors.id ? errorText(LL, errors.id) : undefined}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="tag-type">
                {LL.counters.admin.tagType()}
              </Text>
              <SegmentedControl
                aria-labelledby="tag-type"
                size="md"
                value={tagType}
                onChange={(v) => setTagType(v === "user" ? "user" : "machine")}
                data={[
                  { value: "machine", label: LL.counters.tags.typeMachine() },
                  { value: "user", label: LL.counters.tags.typeUser() },
                ]}
              />
            </Stack>
            <Button
              type="submit"
              size="md"
              loading={state.matches("registering")}
              disabled={!state.can({ type: "adminTags.register", id, tagType })}
              {...wrapping}
            >
              {LL.counters.admin.registerTag()}
            </Button>
          </Stack>
        </form>
        <Outcome done={done} error={error} />
        {tags?.length === 0 ? <Text>{LL.counters.admin.noTags()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(tags ?? []).map((t) => (
            <Card
              key={t.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-label={LL.counters.tags.tag({ id: t.id })}
            >
              <Stack gap="sm">
                <TagFacts tag={t} />
                {open === t.id ? (
                  <ClusterPicker
                    current={t.cluster}
                    busy={saving !== null}
                    search={search}
                    onPick={(cluster) => {
                      setOpen(null)
                      actor.send({ type: "adminTags.attribute", tag: t.id, cluster })
                    }}
                  />
                ) : (
                  <Button
                    size="md"
                    variant="light"
                    loading={saving === t.id}
                    disabled={!state.can({ type: "adminTags.attribute", tag: t.id, cluster: null })}
                    onClick={() => setOpen(t.id)}
                    aria-label={`${LL.counters.admin.change()} : ${LL.counters.tags.tag({ id: t.id })}`}
                    {...wrapping}
                  >
                    {LL.counters.admin.change()}
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </AdminLoad>
    </Stack>
  )
}
