import { Button, Loader, Stack, Text, TextInput } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminClusterSearchMachine } from "../../machines/admin/adminClusterSearch.actors"
import type { ClusterRef } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import { ServerAlert } from "../common/FormMessages"
import { wrapping } from "../common/RightHint"

export type ClusterSearchMachine = typeof liveAdminClusterSearchMachine

/**
 * Choosing the structure of a box or a tag: find a structure by name (2 letters at least), then
 * attach to one of those found, or remove from the current structure.
 */
export const ClusterPicker = ({
  current,
  onPick,
  busy,
  search = liveAdminClusterSearchMachine,
}: {
  current: ClusterRef | null
  onPick: (cluster: ClusterId | null) => void
  busy: boolean
  search?: ClusterSearchMachine
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(search)
  const state = useSelector(actor, (s) => s)
  const { q, results, error } = state.context
  const help = useId()
  return (
    <Stack gap="xs">
      <TextInput
        label={LL.counters.admin.search()}
        description={LL.counters.admin.searchHelp()}
        aria-describedby={help}
        size="md"
        type="search"
        value={q}
        onChange={(e) => actor.send({ type: "clusterSearch.type", q: e.currentTarget.value })}
      />
      {state.hasTag("busy") ? <Loader role="progressbar" size="sm" aria-label={LL.app.loading()} /> : null}
      {state.matches("failed") ? <ServerAlert code={error} /> : null}
      {results?.length === 0 ? <Text size="sm">{LL.counters.admin.noResults()}</Text> : null}
      {(results ?? [])
        .filter((r) => r.id !== current?.id)
        .map((r) => (
          <Button
            key={r.id}
            variant="light"
            size="md"
            disabled={busy}
            onClick={() => onPick(r.id)}
            {...wrapping}
          >
            {LL.counters.admin.attributeTo({ name: `${r.name} (${r.city})` })}
          </Button>
        ))}
      {current !== null ? (
        <Button
          variant="subtle"
          color="red"
          size="md"
          disabled={busy}
          onClick={() => onPick(null)}
          {...wrapping}
        >
          {LL.counters.admin.detach()}
        </Button>
      ) : null}
    </Stack>
  )
}
