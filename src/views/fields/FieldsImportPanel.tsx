import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldImportMachine } from "../../machines/fields/fieldImport.actors"
import { type ImportCandidate, maxImportBytes } from "../../schema/field"
import type { MessageCode } from "../../schema/messages"
import { formatArea } from "./format"

const FieldsMap = lazy(() => import("../common/map/FieldsMap"))

/** The file's bytes in base64, as the import calls carry them. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/**
 * /FieldsAdd's import tab: fields from a file — a Telepac "parcelles" export or another file of
 * areas — with a preview on the map and in a table before anything is saved (the `fieldImport` chart).
 */
export const FieldsImportPanel = ({
  machine = liveFieldImportMachine,
}: {
  machine?: typeof liveFieldImportMachine
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [kind, setKind] = useState<"telepac" | "other">("telepac")
  const [localError, setLocalError] = useState<MessageCode | null>(null)
  const { preview, chosen, result, error, file } = state.context
  const shownError = localError ?? error

  const choose = async (picked: File | null) => {
    setLocalError(null)
    if (picked === null) return
    if (picked.size > maxImportBytes) return setLocalError("importTooLarge")
    const content = await base64Of(picked)
    actor.send({ type: "fieldImport.choose", file: { kind, filename: picked.name, content } })
  }
  const areas = useMemo(
    () =>
      (preview?.candidates ?? []).flatMap((c) =>
        c.geometry
          ? [{ id: String(c.key), name: c.name, geometry: c.geometry, refused: c.action === "refused" }]
          : [],
      ),
    [preview],
  )
  const busy = state.hasTag("busy")

  return (
    <Stack gap="md" maw={1100}>
      <Text c="dimmed">{LL.fields.import.intro()}</Text>
      {state.matches("imported") && result ? (
        <Alert color="green" title={LL.fields.import.done(result)}>
          <Group mt="sm">
            <Button renderRoot={(props) => <Link {...props} to="/FieldsMain" />}>
              {LL.fields.import.seeFields()}
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: "fieldImport.again" })}>
              {LL.fields.import.again()}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Radio.Group
            label={LL.fields.import.kind()}
            value={kind}
            onChange={(value) => setKind(value === "other" ? "other" : "telepac")}
          >
            <Stack gap={6} mt={6}>
              <Radio value="telepac" label={LL.fields.import.telepac()} disabled={busy} />
              <Radio value="other" label={LL.fields.import.other()} disabled={busy} />
            </Stack>
          </Radio.Group>
          <FileInput
            size="md"
            label={LL.fields.import.file()}
            description={LL.fields.import.fileHelp()}
            accept=".zip,.xml,.kml,.kmz,.geojson,.json,.gpkg"
            disabled={busy}
            clearable={false}
            onChange={(picked) => void choose(picked)}
          />
        </Stack>
      )}
      {state.matches("previewing") ? (
        <Group>
          <Loader size="sm" />
          <Text>{LL.fields.import.reading()}</Text>
        </Group>
      ) : null}
      {shownError ? (
        <Alert color="red" role="alert">
          {errorText(LL, shownError)}
        </Alert>
      ) : null}
      {preview && (state.matches("reviewing") || state.matches("importing")) ? (
        <Stack gap="sm">
          <Title order={3}>
            {LL.fields.import.previewTitle({
              count: preview.candidates.length,
              filename: file?.filename ?? "",
            })}
          </Title>
          {preview.skipped.points + preview.skipped.lines > 0 ? (
            <Text size="sm">{LL.fields.import.skipped(preview.skipped)}</Text>
          ) : null}
          <Suspense fallback={<Loader />}>
            <FieldsMap areas={areas} height={320} />
          </Suspense>
          <Group>
            <Button
              size="md"
              loading={state.matches("importing")}
              disabled={chosen.length === 0}
              onClick={() => actor.send({ type: "fieldImport.confirm" })}
            >
              {LL.fields.import.confirm({ count: chosen.length })}
            </Button>
            {chosen.length === 0 ? <Text size="sm">{LL.fields.import.nothingChosen()}</Text> : null}
          </Group>
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{LL.fields.import.keep()}</Table.Th>
                  <Table.Th>{LL.fields.list.name()}</Table.Th>
                  <Table.Th>{LL.fields.list.area()}</Table.Th>
                  <Table.Th>{LL.fields.import.declared()}</Table.Th>
                  <Table.Th>{LL.fields.import.action()}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.candidates.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${LL.fields.import.keep()} ${c.name}`}
                        checked={chosen.includes(c.key)}
                        disabled={c.action === "refused" || busy}
                        onChange={() => actor.send({ type: "fieldImport.toggle", key: c.key })}
                      />
                    </Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {c.areaHa === null ? "—" : LL.fields.area({ area: formatArea(c.areaHa, locale) })}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {c.pac?.declaredAreaHa == null
                        ? "—"
                        : LL.fields.area({ area: formatArea(c.pac.declaredAreaHa, locale) })}
                    </Table.Td>
                    <Table.Td>
                      <ActionText candidate={c} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  )
}

const ActionText = ({ candidate: c }: { candidate: ImportCandidate }) => {
  const { LL } = useI18nContext()
  switch (c.action) {
    case "create":
      return <>{LL.fields.import.create()}</>
    case "update":
      return <>{LL.fields.import.update({ name: c.match?.name ?? "" })}</>
    case "unchanged":
      return <>{LL.fields.import.unchanged()}</>
    case "refused":
      return <Text c="red">{LL.fields.import.refused({ reason: c.problem?.reason ?? "" })}</Text>
  }
}
