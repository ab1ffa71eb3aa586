import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldListMachine } from "../../machines/fields/fieldList.actors"
import type { Field } from "../../schema/field"
import { userLabel } from "../../schema/user"
import { fold } from "../common/fold"
import { formatArea } from "./format"

const FieldsMap = lazy(() => import("../common/map/FieldsMap"))

/** /FieldsMain: every field the person sees, on the map and as a list, searched and filtered by owner. */
export const FieldsMainPage = ({
  machine = liveFieldListMachine,
}: {
  machine?: typeof liveFieldListMachine
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [q, setQ] = useState("")
  const [owner, setOwner] = useState("")
  const [selected, setSelected] = useState<string | null>(null)
  const fields = state.context.fields
  const owners = useMemo(
    () =>
      [...new Map((fields ?? []).map((f) => [f.owner.id, userLabel(f.owner)])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1], locale),
      ),
    [fields, locale],
  )
  const shown = useMemo(
    () =>
      (fields ?? []).filter(
        (f) =>
          (owner === "" || f.owner.id === owner) &&
          (fold(f.name).includes(fold(q.trim())) || fold(f.crop ?? "") === fold(q.trim())),
      ),
    [fields, owner, q],
  )
  const total = shown.reduce((sum, f) => sum + f.areaHa, 0)
  const areas = useMemo(() => shown.map((f) => ({ id: f.id, name: f.name, geometry: f.geometry })), [shown])
  const select = (id: string) => {
    setSelected(id)
    document.getElementById(`field-${id}`)?.scrollIntoView({ block: "nearest" })
  }
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.fieldsMain()}</Title>
      <Text c="dimmed">{LL.fields.list.intro()}</Text>
      <Group>
        <Button size="md" renderRoot={(props) => <Link {...props} to="/FieldsAdd" />}>
          {LL.fields.list.add()}
        </Button>
      </Group>
      {state.matches("loading") ? <Loader aria-label={LL.fields.list.loadFailed()} /> : null}
      {state.matches("failed") ? (
        <Alert color="red" title={LL.fields.list.loadFailed()}>
          <Button variant="default" onClick={() => actor.send({ type: "fieldList.refresh" })}>
            {LL.fields.list.retry()}
          </Button>
        </Alert>
      ) : null}
      {fields !== null && fields.length === 0 ? <Text>{LL.fields.list.none()}</Text> : null}
      {fields !== null && fields.length > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              size="md"
              label={LL.fields.list.search()}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
            />
            <NativeSelect
              size="md"
              label={LL.fields.list.owner()}
              value={owner}
              onChange={(e) => setOwner(e.currentTarget.value)}
              data={[
                { value: "", label: LL.fields.list.allOwners() },
                ...owners.map(([value, label]) => ({ value, label })),
              ]}
            />
          </SimpleGrid>
          <Text fw={600} aria-live="polite">
            {LL.fields.list.total({ count: shown.length, area: formatArea(total, locale) })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Suspense fallback={<Loader />}>
              <FieldsMap areas={areas} selected={selected} onSelect={select} height="min(60vh, 520px)" />
            </Suspense>
            <Stack gap={6} mah={{ md: 520 }} style={{ overflowY: "auto" }} role="list">
              {shown.length === 0 ? <Text>{LL.fields.list.noMatch()}</Text> : null}
              {shown.map((f) => (
                <FieldRow
                  key={f.id}
                  field={f}
                  selected={f.id === selected}
                  onSelect={() => setSelected(f.id)}
                />
              ))}
            </Stack>
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  )
}

const FieldRow = ({
  field,
  selected,
  onSelect,
}: {
  field: Field
  selected: boolean
  onSelect: () => void
}) => {
  const { LL, locale } = useI18nContext()
  return (
    <Paper
      id={`field-${field.id}`}
      role="listitem"
      withBorder
      p="sm"
      data-selected={selected || undefined}
      style={selected ? { borderColor: "var(--mantine-color-blue-6)", borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            fw={600}
            style={{ overflowWrap: "anywhere" }}
            renderRoot={(props) => <Link {...props} to="/fields/$idField" params={{ idField: field.id }} />}
          >
            {field.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {userLabel(field.owner)}
            {field.crop ? ` · ${field.crop}` : ""}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text fw={600} style={{ whiteSpace: "nowrap" }}>
            {LL.fields.area({ area: formatArea(field.areaHa, locale) })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onSelect} aria-pressed={selected}>
            {LL.fields.list.locate()}
          </Button>
        </Stack>
      </Group>
    </Paper>
  )
}
