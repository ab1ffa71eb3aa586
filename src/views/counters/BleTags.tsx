import { Alert, Button, Card, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useId, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Attribution } from "../../machines/counters/bleTags"
import { liveBleTagsMachine } from "../../machines/counters/bleTags.actors"
import type { BleTag } from "../../schema/counter"
import type { FilterEntryId, MachineId, UserId } from "../../schema/ids"
import { byUserName } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { useCatalogueName } from "../common/catalogueName"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint, wrapping } from "../common/RightHint"
import { TagFacts } from "../common/TagFacts"

export type BleTagsMachine = typeof liveBleTagsMachine
type Actor = ReturnType<typeof useActorRef<BleTagsMachine>>

/** What a tag is attributed to now, as the select's value ("" for nothing): its machine or its holder, by id. */
const currentOf = (tag: BleTag): string =>
  tag.type === "machine" ? (tag.machine?.id ?? "") : (tag.user?.id ?? "")

const TagCard = ({ tag, actor }: { tag: BleTag; actor: Actor }) => {
  const { LL } = useI18nContext()
  const state = useSelector(actor, (s) => s)
  const { clusters } = useMyClusters()
  const hint = useId()
  const { machines, members, productTypes, saving } = state.context
  const nameOf = useCatalogueName()
  const clusterId = tag.cluster?.id
  const myRights = clusters?.find((c) => c.id === clusterId)?.myRights ?? []
  const allowed = holds(myRights, "editMachine")
  const people = [...(clusterId ? (members?.[clusterId] ?? []) : [])].sort((a, b) =>
    byUserName(a.user, b.user),
  )
  const [choice, setChoice] = useState(() => currentOf(tag))
  const [product, setProduct] = useState(() => tag.productType?.id ?? "")
  const options =
    tag.type === "machine"
      ? [
          { value: "", label: LL.counters.tags.noMachine() },
          ...(machines ?? [])
            .filter((m) => m.cluster.id === clusterId)
            .map((m) => ({ value: m.id, label: m.name })),
        ]
      : [
          { value: "", label: LL.counters.tags.nobody() },
          ...people.map((m) => ({ value: m.user.id, label: userLabel(m.user) })),
        ]
  const to: Attribution =
    tag.type === "machine"
      ? {
          machine: choice === "" ? null : (choice as MachineId),
          productType: product === "" ? null : (product as FilterEntryId),
        }
      : { user: choice === "" ? null : (choice as UserId) }
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-label={LL.counters.tags.tag({ id: tag.id })}
    >
      <Stack gap="sm">
        <TagFacts tag={tag} />
        <NativeSelect
          label={tag.type === "machine" ? LL.counters.tags.machine() : LL.counters.tags.member()}
          size="md"
          data={options}
          value={choice}
          disabled={!allowed}
          aria-describedby={allowed ? undefined : hint}
          onChange={(e) => setChoice(e.currentTarget.value)}
        />
        {tag.type === "machine" ? (
          <NativeSelect
            label={LL.counters.tags.productType()}
            description={LL.counters.tags.productTypeHelp()}
            inputWrapperOrder={["label", "input", "description"]}
            size="md"
            data={[
              { value: "", label: LL.counters.tags.noProductType() },
              ...(productTypes ?? []).map((p) => ({ value: p.id, label: nameOf(p.name) })),
              // What the tag says stays choosable while the catalogue loads.
              ...(tag.productType && !(productTypes ?? []).some((p) => p.id === tag.productType?.id)
                ? [{ value: tag.productType.id, label: nameOf(tag.productType.name) }]
                : []),
            ]}
            value={product}
            disabled={!allowed}
            aria-describedby={allowed ? undefined : hint}
            onChange={(e) => setProduct(e.currentTarget.value)}
          />
        ) : null}
        <Button
          size="md"
          disabled={!allowed || !state.can({ type: "bleTags.attribute", tag: tag.id, ...to })}
          loading={saving === tag.id}
          aria-describedby={allowed ? undefined : hint}
          onClick={() => actor.send({ type: "bleTags.attribute", tag: tag.id, ...to })}
          {...wrapping}
        >
          {LL.counters.tags.save()}
        </Button>
        {allowed ? null : <RightHint right="editMachine" id={hint} />}
      </Stack>
    </Card>
  )
}

/** On /counter: the BLE tags of the person's structures, attributed to a machine or a member. */
export const BleTagsSection = ({ machine = liveBleTagsMachine }: { machine?: BleTagsMachine }) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const { tags, error, saved } = state.context
  return (
    <Stack gap="sm" component="section" aria-label={LL.counters.tags.title()}>
      <Title order={2} size="h3">
        {LL.counters.tags.title()}
      </Title>
      <Text c="dimmed">{LL.counters.tags.intro()}</Text>
      {state.matches("failed") ? (
        <Stack gap="sm">
          <ServerAlert code={error} />
          <Button size="md" variant="light" onClick={() => actor.send({ type: "bleTags.retry" })}>
            {LL.counters.history.retry()}
          </Button>
        </Stack>
      ) : tags === undefined ? (
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      ) : (
        <>
          <ServerAlert code={error} />
          {saved !== null ? (
            <Alert color="green" variant="light" role="status">
              {LL.counters.tags.saved()} : {saved}
            </Alert>
          ) : null}
          {tags.length === 0 ? <Text>{LL.counters.tags.empty()}</Text> : null}
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
          >
            {tags.map((t) => (
              <TagCard key={t.id} tag={t} actor={actor} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}
