import { Alert, Button, Group, Loader, SimpleGrid, Stack, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldDrawMachine } from "../../machines/fields/fieldDraw.actors"
import { liveFieldListMachine } from "../../machines/fields/fieldList.actors"
import { formatArea } from "./format"

const FieldDrawer = lazy(() => import("./FieldDrawer"))

/** /FieldsAdd's drawing tab: a field outlined on the map among the ones already there, named, saved. */
export const FieldDrawPanel = ({
  machine = liveFieldDrawMachine,
  neighbours = liveFieldListMachine,
}: {
  machine?: typeof liveFieldDrawMachine
  neighbours?: typeof liveFieldListMachine
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const list = useSelector(useActorRef(neighbours), (s) => s)
  const [name, setName] = useState("")
  const [crop, setCrop] = useState("")
  const areas = useMemo(
    () => (list.context.fields ?? []).map((f) => ({ id: f.id, name: f.name, geometry: f.geometry })),
    [list.context.fields],
  )
  const { saved, error } = state.context
  if (state.matches("saved") && saved)
    return (
      <Alert
        color="green"
        title={LL.fields.draw.saved({ name: saved.field.name, area: formatArea(saved.field.areaHa, locale) })}
      >
        <Group mt="sm">
          <Button
            renderRoot={(props) => (
              <Link {...props} to="/fields/$idField" params={{ idField: saved.field.id }} />
            )}
          >
            {LL.fields.draw.open()}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setName("")
              setCrop("")
              actor.send({ type: "fieldDraw.again" })
            }}
          >
            {LL.fields.draw.again()}
          </Button>
        </Group>
      </Alert>
    )
  // The map waits for the fields already there: a tap near one of their corners lands on it.
  if (list.matches("loading")) return <Loader />
  return (
    <Stack gap="md" maw={1100}>
      <Suspense fallback={<Loader />}>
        <FieldDrawer
          neighbours={areas}
          onChange={(geometry) => actor.send({ type: "fieldDraw.shape", geometry })}
        />
      </Suspense>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          size="md"
          label={LL.fields.draw.name()}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          size="md"
          label={LL.fields.draw.crop()}
          value={crop}
          onChange={(e) => setCrop(e.currentTarget.value)}
        />
      </SimpleGrid>
      {error ? (
        <Alert color="red" role="alert">
          {errorText(LL, error, name.trim() || "…")}
        </Alert>
      ) : null}
      <Group>
        <Button
          size="md"
          loading={state.hasTag("busy")}
          onClick={() => actor.send({ type: "fieldDraw.save", name, crop })}
        >
          {LL.fields.draw.save()}
        </Button>
      </Group>
    </Stack>
  )
}
