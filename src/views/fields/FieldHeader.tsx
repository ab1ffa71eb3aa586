import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldPageMachine } from "../../machines/fields/fieldPage.actors"
import type { FieldDetail } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { ConfirmDelete } from "../common/ConfirmDelete"
import { DateField } from "../common/DateTimeField"
import { FieldComments } from "./FieldComments"
import { formatArea, formatDay } from "./format"

const FieldsMap = lazy(() => import("../common/map/FieldsMap"))

/** What stays above a field's tabs: its outline on the map and its facts (the `fieldPage` chart). */
export const FieldHeader = ({
  id,
  machine = liveFieldPageMachine,
}: {
  id: FieldId
  machine?: typeof liveFieldPageMachine
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine, { input: { id } })
  const state = useSelector(actor, (s) => s)
  const { detail, error } = state.context
  if (state.matches("loading")) return <Loader />
  if (state.matches("deleted"))
    return (
      <Alert color="green" role="status">
        <Stack gap="xs" align="flex-start">
          <Text>{LL.fields.page.deleted()}</Text>
          <Button renderRoot={(props) => <Link {...props} to="/FieldsMain" />}>
            {LL.fields.page.back()}
          </Button>
        </Stack>
      </Alert>
    )
  if (state.matches("failed") || detail === null)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{error === "notFound" ? LL.fields.page.notFound() : errorText(LL, error ?? "generic")}</Text>
          <Group>
            {error === "notFound" ? null : (
              <Button variant="default" onClick={() => actor.send({ type: "fieldPage.retry" })}>
                {LL.fields.list.retry()}
              </Button>
            )}
            <Button variant="default" renderRoot={(props) => <Link {...props} to="/FieldsMain" />}>
              {LL.fields.page.back()}
            </Button>
          </Group>
        </Stack>
      </Alert>
    )
  return (
    <Stack gap="sm">
      <Facts detail={detail} />
      {error && !state.matches({ ready: "owner" }) ? (
        <Alert color="red" role="alert">
          {errorText(LL, error)}
        </Alert>
      ) : null}
      {detail.field.can.edit || detail.field.can.delete ? (
        <Group>
          {detail.field.can.edit ? (
            <Button
              variant="default"
              loading={state.matches({ ready: { owner: "loadingCandidates" } })}
              onClick={() => actor.send({ type: "fieldPage.changeOwner" })}
            >
              {LL.fields.owner.change()}
            </Button>
          ) : null}
          {detail.field.can.delete ? (
            <Button
              variant="default"
              color="red"
              loading={state.hasTag("busy")}
              onClick={() => actor.send({ type: "fieldPage.askDelete" })}
            >
              {LL.fields.page.delete()}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <OwnerForm actor={actor} />
      <FieldComments field={id} />
      <ConfirmDelete
        opened={state.matches({ ready: "confirmingDelete" })}
        title={LL.fields.page.deleteTitle({ name: detail.field.name })}
        warning={LL.fields.page.deleteWarning()}
        keep={LL.fields.page.keep()}
        remove={LL.fields.page.delete()}
        onKeep={() => actor.send({ type: "fieldPage.cancelDelete" })}
        onDelete={() => actor.send({ type: "fieldPage.delete" })}
      />
    </Stack>
  )
}

type PageActor = ReturnType<typeof useActorRef<typeof liveFieldPageMachine>>

/** Today as "YYYY-MM-DD", in the person's time zone. */
const today = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`
}

/** Giving the field to someone else from a day on, among the people the server offers. */
const OwnerForm = ({ actor }: { actor: PageActor }) => {
  const { LL, locale } = useI18nContext()
  const state = useSelector(actor, (s) => s)
  const { detail, candidates, error } = state.context
  const [owner, setOwner] = useState<string | null>(null)
  const [since, setSince] = useState(today)
  const open =
    state.matches({ ready: { owner: "choosing" } }) || state.matches({ ready: { owner: "saving" } })
  if (detail === null) return null
  const t = LL.fields.owner
  const cancel = () => actor.send({ type: "fieldPage.cancelOwner" })
  return (
    <Modal
      opened={open}
      onClose={cancel}
      title={t.title({ name: detail.field.name })}
      closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
    >
      <Stack gap="md">
        {candidates.length === 0 ? (
          <Text>{t.nobody()}</Text>
        ) : (
          <>
            <Select
              label={t.newOwner()}
              data={candidates.map((c) => ({ value: c.id, label: userLabel(c) }))}
              value={owner}
              onChange={setOwner}
              searchable
              required
              comboboxProps={{ withinPortal: false }}
            />
            <DateField
              label={t.since()}
              description={t.sinceHelp({ date: formatDay(detail.field.ownedSince, locale) })}
              value={since}
              onChange={setSince}
              required
            />
          </>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {errorText(LL, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t.cancel()}
          </Button>
          {candidates.length === 0 ? null : (
            <Button
              loading={state.hasTag("busy")}
              onClick={() => actor.send({ type: "fieldPage.saveOwner", owner: owner ?? "", since })}
            >
              {t.save()}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}

const Facts = ({ detail }: { detail: FieldDetail }) => {
  const { LL, locale } = useI18nContext()
  const { field, owners, structures } = detail
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Suspense fallback={<Loader />}>
        <FieldsMap areas={[{ id: field.id, name: field.name, geometry: field.geometry }]} height={300} />
      </Suspense>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={700} size="xl" style={{ overflowWrap: "anywhere" }}>
            {field.name}
          </Text>
          <Text size="lg">{LL.fields.area({ area: formatArea(field.areaHa, locale) })}</Text>
          <Text>
            {LL.fields.page.owner()} : {userLabel(field.owner)},{" "}
            {LL.fields.page.since({ date: formatDay(field.ownedSince, locale) })}
          </Text>
          {structures.length > 0 ? (
            <Text style={{ overflowWrap: "anywhere" }}>
              {LL.fields.page.structures()} : {structures.map((c) => c.name).join(", ")}
            </Text>
          ) : null}
          {field.crop ? (
            <Text>
              {LL.fields.page.crop()} : {field.crop}
            </Text>
          ) : null}
          {field.pac ? (
            <Text size="sm" c="dimmed">
              {[
                LL.fields.page.pac({ island: field.pac.island, parcel: field.pac.parcel }),
                field.pac.pacage ? LL.fields.page.pacage({ pacage: field.pac.pacage }) : null,
                field.pac.campaign ? LL.fields.page.campaign({ campaign: field.pac.campaign }) : null,
              ]
                .filter((part) => part !== null)
                .join(" · ")}
            </Text>
          ) : null}
          {field.pac?.declaredAreaHa != null ? (
            <Text size="sm" c="dimmed">
              {LL.fields.page.declared({ area: formatArea(field.pac.declaredAreaHa, locale) })}
            </Text>
          ) : null}
          {owners.length > 1 ? (
            <Stack gap={4}>
              <Text fw={600}>{LL.fields.page.owners()}</Text>
              <List size="sm">
                {owners.map((o) => (
                  <List.Item key={o.since}>
                    {o.until === null
                      ? LL.fields.page.ownerCurrent({
                          name: userLabel(o.owner),
                          since: formatDay(o.since, locale),
                        })
                      : LL.fields.page.ownerPeriod({
                          name: userLabel(o.owner),
                          since: formatDay(o.since, locale),
                          until: formatDay(o.until, locale),
                        })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </SimpleGrid>
  )
}
