import { Button, Card, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminTagsMachine } from "../../machines/admin/adminTags.actors"
import { wrapping } from "../common/RightHint"
import { TagFacts } from "../common/TagFacts"
import { AdminLoad, cardList, Outcome } from "./AdminStates"
import { ClusterPicker, type ClusterSearchMachine } from "./ClusterPicker"

export type AdminTagsMachine = typeof liveAdminTagsMachine

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
