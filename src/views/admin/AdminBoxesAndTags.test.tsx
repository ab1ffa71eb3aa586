// Size: the cases of AdminBoxesAndTags share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { adminClusterSearchMachine } from "../../machines/admin/adminClusterSearch"
import { adminCountersMachine } from "../../machines/admin/adminCounters"
import { adminTagsMachine } from "../../machines/admin/adminTags"
import { boxHistoryMachine, type HistorySource } from "../../machines/counters/boxHistory"
import { type FixesChoice, type FixesResult, fixesTableMachine } from "../../machines/telemetry/fixesTable"
import {
  BleTag,
  BleTagId,
  type BleTagType,
  BoxSecret,
  ClusterDirectoryEntry,
  type ClusterId,
  Conflict,
  type Counter,
  type CounterAssociation,
  type CounterId,
  type CounterKind,
  Forbidden,
  NotFound,
  RegisteredCounter,
  serverMessages,
} from "../../schema"
import { aCounter, anAssociation, cluster, now, renderWith } from "../../testing/counters"
import { AdminCounterDataPage } from "./AdminCounterDataPage"
import { AdminCounterAttributionsPage, AdminCountersPage } from "./AdminCountersPage"
import { AdminTagsPage } from "./AdminTagsPage"

const issuedSecret = "Jq3xV9mK2pL7sT1wZ8yB4nC6dF0gH5jR-_aEiOuYtQw"
const rotatedSecret = "Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF-_eDcBaQwE"
const button = (name: string | RegExp) => screen.getByRole("button", { name }) as HTMLButtonElement
const cardOf = (label: string) => screen.getByRole("listitem", { name: label })

const countersMachine = (
  counters: ReadonlyArray<Counter>,
  attribute: (id: CounterId, cluster: ClusterId | null) => Counter = () => {
    throw Forbidden.of("modificationNotAllowed")
  },
) => {
  const registered: CounterId[] = []
  const kinds: CounterKind[] = []
  const rotated: CounterId[] = []
  const attributed: Array<{ counter: CounterId; cluster: ClusterId | null }> = []
  const machine = adminCountersMachine.provide({
    actors: {
      loadCounters: fromPromise(async () => counters),
      registerCounter: fromPromise<RegisteredCounter, { id: CounterId; kind: CounterKind }>(
        async ({ input }) => {
          registered.push(input.id)
          kinds.push(input.kind)
          if (counters.some((c) => c.id === input.id)) throw Conflict.of("counterExists")
          return new RegisteredCounter({
            counter: aCounter({
              id: input.id,
              kind: input.kind,
              battery: null,
              lastCommunication: null,
              cluster: null,
              machine: null,
            }),
            secret: new BoxSecret({ secret: issuedSecret, issuedAt: DateTime.unsafeMake(now) }),
          })
        },
      ),
      rotateSecret: fromPromise<BoxSecret, CounterId>(async ({ input }) => {
        rotated.push(input)
        return new BoxSecret({ secret: rotatedSecret, issuedAt: DateTime.unsafeMake(now) })
      }),
      attributeCounter: fromPromise<Counter, { counter: CounterId; cluster: ClusterId | null }>(
        async ({ input }) => {
          attributed.push(input)
          return attribute(input.counter, input.cluster)
        },
      ),
    },
  })
  return { machine, registered, attributed, kinds, rotated }
}

describe("admin: boxes", () => {
  it("shows a new box's secret once, copyable, says what a phone needs, and issues a new one on demand", async () => {
    const { machine, kinds, rotated } = countersMachine([aCounter()])
    await renderWith(<AdminCountersPage machine={machine} now={now} />, [])
    await screen.findByRole("listitem", { name: "Boîtier BOX-001" })
    fireEvent.click(screen.getByRole("radio", { name: "Téléphone (Traccar Client)" }))
    fireEvent.change(screen.getByLabelText("Numéro du boîtier"), { target: { value: "phone-9" } })
    fireEvent.click(button("Enregistrer un boîtier"))
    const shown = await screen.findByRole("status", { name: /Secret du boîtier PHONE-9/ })
    expect(kinds).toEqual(["phone"])
    // Listed as what it is: a phone, not a box.
    expect(await screen.findByRole("listitem", { name: "Téléphone PHONE-9" })).toBeTruthy()
    expect(within(shown).getByText(issuedSecret)).toBeTruthy()
    expect(within(shown).getByRole("button", { name: "Copier le secret" })).toBeTruthy()
    expect(within(shown).getByText(/comme identifiant de l'appareil.*\/api\/v2\/osmand/)).toBeTruthy()
    // Issuing another: the first is gone from the screen, the new one shown.
    fireEvent.click(within(cardOf("Boîtier BOX-001")).getByRole("button", { name: "Nouveau secret" }))
    const again = await screen.findByRole("status", { name: /Secret du boîtier BOX-001/ })
    expect(rotated).toEqual(["BOX-001"])
    expect(within(again).getByText(rotatedSecret)).toBeTruthy()
    expect(screen.queryByText(issuedSecret)).toBeNull()
    expect(within(again).queryByText(/Traccar/)).toBeNull()
  })

  it("lists every box with a low-battery mark and its last communication", async () => {
    const { machine } = countersMachine([aCounter({ battery: 9 })])
    await renderWith(<AdminCountersPage machine={machine} now={now} />, [])
    const card = await screen.findByRole("listitem", { name: "Boîtier BOX-001" })
    expect(within(card).getByText(/Batterie faible/)).toBeTruthy()
    expect(within(card).getByText(/il y a 3 h/)).toBeTruthy()
  })

  it("registers a box as typed (upper-cased), says when it is missing or already registered", async () => {
    const { machine, registered } = countersMachine([aCounter()])
    await renderWith(<AdminCountersPage machine={machine} now={now} />, [])
    await screen.findByRole("listitem", { name: "Boîtier BOX-001" })
    fireEvent.click(button("Enregistrer un boîtier"))
    expect(await screen.findByText(serverMessages.counterRequired)).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Numéro du boîtier"), { target: { value: " box-002 " } })
    fireEvent.click(button("Enregistrer un boîtier"))
    expect(await screen.findByText("Boîtier BOX-002 enregistré")).toBeTruthy()
    expect(screen.getByRole("listitem", { name: "Boîtier BOX-002" })).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Numéro du boîtier"), { target: { value: "BOX-001" } })
    fireEvent.click(button("Enregistrer un boîtier"))
    expect(await screen.findByText(serverMessages.counterExists)).toBeTruthy()
    expect(registered).toEqual(["BOX-002", "BOX-001"])
  })
})

const directory = (results: ReadonlyArray<ClusterDirectoryEntry>) => {
  const queries: string[] = []
  const search = adminClusterSearchMachine.provide({
    actors: {
      searchClusters: fromPromise<ReadonlyArray<ClusterDirectoryEntry>, string>(async ({ input }) => {
        queries.push(input)
        return results
      }),
    },
  })
  return { search, queries }
}
const other = new ClusterDirectoryEntry({
  id: "00000000-0000-4000-8000-0000000000c2" as ClusterId,
  name: "GAEC du Val",
  type: "farm",
  kind: "farm",
  city: "Laval",
  mine: "none",
})

/** A box's associations as the attributions page loads them (through the admin endpoint). */
const boxes = (answer: (s: HistorySource) => Promise<ReadonlyArray<CounterAssociation>>) =>
  boxHistoryMachine.provide({
    actors: { loadAssociations: fromPromise(async ({ input }) => answer(input)) },
  })

describe("admin: a box's structure", () => {
  it("a box with a current or coming association cannot change: Changer is disabled with the reason", async () => {
    const { machine } = countersMachine([
      aCounter({ id: "BOX-001" as CounterId, machine: null }),
      aCounter({ id: "BOX-002" as CounterId, machine: null }),
      aCounter({ id: "BOX-003" as CounterId, machine: null }),
    ])
    const coming = anAssociation(null, { start_date: DateTime.unsafeMake(now + 86_400_000) })
    const ended = anAssociation(DateTime.unsafeMake(now - 86_400_000))
    const answers: Record<string, ReadonlyArray<CounterAssociation>> = {
      "BOX-001": [coming],
      "BOX-002": [ended],
    }
    const history = boxes(async (source) => ("counter" in source ? (answers[source.counter] ?? []) : []))
    await renderWith(
      <AdminCounterAttributionsPage
        machine={machine}
        search={directory([]).search}
        history={history}
        now={now}
      />,
      [],
    )
    const change = (id: string) =>
      screen.getByRole("button", { name: `Changer : Boîtier ${id}` }) as HTMLButtonElement
    await waitFor(() => expect(change("BOX-002").disabled).toBe(false))
    expect(change("BOX-001").disabled).toBe(true)
    expect(within(cardOf("Boîtier BOX-001")).getByRole("note").textContent).toBe(
      "Un boîtier associé (en cours ou à venir) ne peut pas changer de structure.",
    )
    expect(change("BOX-003").disabled).toBe(false)
    expect(within(cardOf("Boîtier BOX-002")).queryByRole("note")).toBeNull()
  })

  it("a box on a machine now cannot change either", async () => {
    const { machine } = countersMachine([aCounter()])
    await renderWith(
      <AdminCounterAttributionsPage
        machine={machine}
        search={directory([]).search}
        history={boxes(async () => [])}
        now={now}
      />,
      [],
    )
    const change = await screen.findByRole("button", { name: "Changer : Boîtier BOX-001" })
    expect((change as HTMLButtonElement).disabled).toBe(true)
    expect(within(cardOf("Boîtier BOX-001")).getByRole("note")).toBeTruthy()
  })

  it("finds a structure by name (2 letters at least) and attaches the box to it", async () => {
    const { machine, attributed } = countersMachine([aCounter({ cluster: null, machine: null })], (id, c) =>
      aCounter({ id, cluster: c ? { id: c, name: other.name } : null, machine: null }),
    )
    const { search, queries } = directory([other])
    await renderWith(
      <AdminCounterAttributionsPage
        machine={machine}
        search={search}
        history={boxes(async () => [])}
        now={now}
      />,
      [],
    )
    const change = await screen.findByRole("button", { name: "Changer : Boîtier BOX-001" })
    await waitFor(() => expect((change as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(change)
    const field = screen.getByLabelText(/Chercher une structure/)
    fireEvent.change(field, { target: { value: "g" } })
    fireEvent.change(field, { target: { value: "ga " } })
    fireEvent.click(await screen.findByRole("button", { name: "Rattacher à GAEC du Val (Laval)" }))
    await screen.findByText("Structure de BOX-001 changée")
    expect(within(cardOf("Boîtier BOX-001")).getByText(/GAEC du Val/)).toBeTruthy()
    expect(queries).toEqual(["ga"])
    expect(attributed).toEqual([{ counter: "BOX-001", cluster: other.id }])
  })

  it("refused anyway (associated meanwhile): the refusal is translated", async () => {
    const { machine } = countersMachine([aCounter({ machine: null })])
    await renderWith(
      <AdminCounterAttributionsPage
        machine={machine}
        search={directory([]).search}
        history={boxes(async () => [])}
        now={now}
      />,
      [],
    )
    const change = await screen.findByRole("button", { name: "Changer : Boîtier BOX-001" })
    await waitFor(() => expect((change as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(change)
    fireEvent.click(button("Retirer de sa structure"))
    expect(await screen.findByText(serverMessages.modificationNotAllowed)).toBeTruthy()
    expect(within(cardOf("Boîtier BOX-001")).getByText(/CUMA des Prés/)).toBeTruthy()
  })
})

describe("admin: BLE tags", () => {
  it("registers a tag with its type, then attaches it to a structure", async () => {
    const made: Array<{ id: BleTagId; type: typeof BleTagType.Type }> = []
    const tag = (id: BleTagId, type: typeof BleTagType.Type, inCluster: boolean) =>
      new BleTag({ id, type, cluster: inCluster ? cluster : null, machine: null, user: null })
    const machine = adminTagsMachine.provide({
      actors: {
        loadTags: fromPromise(async (): Promise<ReadonlyArray<BleTag>> => []),
        registerTag: fromPromise<BleTag, { id: BleTagId; type: typeof BleTagType.Type }>(
          async ({ input }) => {
            made.push(input)
            return tag(input.id, input.type, false)
          },
        ),
        attributeTag: fromPromise<BleTag, { tag: BleTagId; cluster: ClusterId | null }>(async ({ input }) =>
          tag(input.tag, "user", input.cluster !== null),
        ),
      },
    })
    const entry = new ClusterDirectoryEntry({
      ...cluster,
      type: "sharing",
      kind: "cuma",
      city: "Rennes",
      mine: "none",
    })
    await renderWith(<AdminTagsPage machine={machine} search={directory([entry]).search} />, [])
    expect(await screen.findByText("Aucun tag enregistré.")).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Identifiant du tag"), { target: { value: "aa:bb:cc" } })
    fireEvent.click(screen.getByText("Tag personne"))
    fireEvent.click(button("Enregistrer un tag"))
    const card = await screen.findByRole("listitem", { name: "Tag AA:BB:CC" })
    expect(within(card).getByText("Tag personne")).toBeTruthy()
    expect(made).toEqual([{ id: BleTagId.make("AA:BB:CC"), type: "user" }])
    fireEvent.click(button("Changer : Tag AA:BB:CC"))
    fireEvent.change(screen.getByLabelText(/Chercher une structure/), { target: { value: "cuma" } })
    fireEvent.click(await screen.findByRole("button", { name: "Rattacher à CUMA des Prés (Rennes)" }))
    await waitFor(() => expect(within(cardOf("Tag AA:BB:CC")).getByText(/CUMA des Prés/)).toBeTruthy())
  })
})

describe("admin: a box's data", () => {
  const history = (answer: (s: HistorySource) => Promise<ReadonlyArray<CounterAssociation>>) =>
    boxHistoryMachine.provide({
      actors: { loadAssociations: fromPromise(async ({ input }) => answer(input)) },
    })

  it("shows the picked box's facts, associations and raw fixes, those outside every association marked", async () => {
    const { machine } = countersMachine([aCounter()])
    const asked: Array<unknown> = []
    const fixes = fixesTableMachine.provide({
      actors: {
        loadChoices: fromPromise(
          async (): Promise<ReadonlyArray<FixesChoice>> => [{ id: "BOX-001", label: "BOX-001" }],
        ),
        loadPage: fromPromise(async ({ input }): Promise<FixesResult> => {
          asked.push(input)
          const fix = { counter: "BOX-001", lng: 1.2, lat: 48.3, battery: 77 }
          return {
            total: 2,
            unattributed: 1,
            page: 1,
            limit: 100,
            fixes: [
              { ...fix, at: "2026-11-20T08:00:00.000Z", machine: { name: "Tracteur 1" } },
              { ...fix, at: "2026-11-20T09:00:00.000Z", machine: null },
            ],
            devices: [],
          }
        }),
      },
    })
    await renderWith(
      <AdminCounterDataPage
        machine={machine}
        history={history(async () => [anAssociation(null)])}
        fixes={fixes}
        now={now}
      />,
      [],
    )
    fireEvent.change(await screen.findByLabelText("Choisir un boîtier"), { target: { value: "BOX-001" } })
    expect(await screen.findByText("Ce que l'on sait du boîtier")).toBeTruthy()
    expect(await screen.findByText(/Machine : Tracteur 1/)).toBeTruthy()
    fireEvent.click(await screen.findByRole("button", { name: "Afficher" }))
    const table = await screen.findByRole("table", { name: "Positions brutes" })
    expect(within(table).getByText("2026-11-20 09:00:00")).toBeTruthy()
    expect(within(table).getByText("non attribuée")).toBeTruthy()
    expect(within(table).getByText("Tracteur 1")).toBeTruthy()
    expect(screen.getByText("2 positions sur la période · dont 1 hors de toute association")).toBeTruthy()
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ source: { counter: "BOX-001" }, page: 1 })
  })

  it("shows any box's associations, asked for that box, whatever its structure", async () => {
    const { machine } = countersMachine([aCounter({ cluster: null, machine: null })])
    const asked: HistorySource[] = []
    await renderWith(
      <AdminCounterDataPage
        machine={machine}
        history={history(async (source) => {
          asked.push(source)
          return [anAssociation(null)]
        })}
        now={now}
      />,
      [],
    )
    fireEvent.change(await screen.findByLabelText("Choisir un boîtier"), { target: { value: "BOX-001" } })
    expect(await screen.findByText(/Machine : Tracteur 1/)).toBeTruthy()
    expect(asked).toEqual([{ counter: "BOX-001" }])
    expect(screen.queryByText(/ne sont visibles que des membres/)).toBeNull()
  })

  it("a box gone meanwhile: the refusal is translated", async () => {
    const { machine } = countersMachine([aCounter()])
    await renderWith(
      <AdminCounterDataPage
        machine={machine}
        history={history(async () => Promise.reject(NotFound.of()))}
        now={now}
      />,
      [],
    )
    fireEvent.change(await screen.findByLabelText("Choisir un boîtier"), { target: { value: "BOX-001" } })
    expect((await screen.findByRole("alert")).textContent).toContain(serverMessages.notFound)
  })
})
