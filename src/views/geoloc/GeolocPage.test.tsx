import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { geolocMachine, type LiveStreamInput } from "../../machines/geoloc/geoloc"
import { LastFix, LiveFix, MachinePosition } from "../../schema/api.geoloc"
import { ClusterId, CounterId, MachineId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { GeolocPage, type MapProps } from "./GeolocPage"

/** MapLibre needs WebGL: the map is a list of its markers here (the browser journey draws it). */
const Markers = ({ machines, onOpen }: MapProps) => (
  <section aria-label="Carte des machines">
    {machines
      .filter((m) => m.position !== null)
      .map((m) => (
        <button key={m.id} type="button" onClick={() => onOpen(m.id)} data-lng={m.position?.lng}>
          {`Marqueur ${m.name}`}
        </button>
      ))}
  </section>
)

/** An element's text, its no-break spaces (as Intl writes "il y a 4 min") as spaces. */
const text = (e: Element | undefined) => (e?.textContent ?? "").replace(/[\u00a0\u202f]/g, " ")
const now = Date.parse("2026-11-27T10:00:00Z")
const ago = (minutes: number) => DateTime.unsafeMake(now - minutes * 60_000)
const cluster = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" }
const tractor = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const baler = MachineId.make("00000000-0000-4000-8000-0000000000a2")
const positions = [
  new MachinePosition({
    machine: new MachineSummary({ id: tractor, name: "Tracteur rouge", cluster }),
    position: new LastFix({ at: ago(4), lng: 1.5, lat: 48.2, speed: 0, heading: null }),
    counter: CounterId.make("BOX-1"),
    battery: 81,
    lastCommunication: ago(4),
    live: true,
  }),
  new MachinePosition({
    machine: new MachineSummary({ id: baler, name: "Presse", cluster }),
    position: null,
    counter: null,
    battery: null,
    lastCommunication: null,
    live: false,
  }),
]

describe("Trouver mes machines", () => {
  it("lists each machine at its latest position, moves one as its live fix comes, opens a machine", async () => {
    let receive: LiveStreamInput["receive"] = () => {}
    const machine = withActors(geolocMachine, {
      loadLast: async () => positions,
      liveStream: ({ input }: { input: LiveStreamInput }) => {
        receive = input.receive
        return new Promise(() => {})
      },
    })
    const { router } = await renderSignedIn(<GeolocPage machine={machine} now={now} MapView={Markers} />)
    const list = await screen.findByRole("list", { name: "Machines" })
    const entries = within(list).getAllByRole("listitem")
    expect(entries.map(text)).toEqual([
      "Tracteur rougeEn directCUMA des Présil y a 4 min · À l'arrêt · Batterie 81 %",
      "PresseDernière remontéeCUMA des PrésPosition inconnue",
    ])
    expect(screen.getByText("1 machine sur la carte")).toBeTruthy()
    expect(screen.getByRole("status").textContent).toBe("Connexion au direct…")

    // The stream opens; a fix of the tractor comes: it moves, and moves on the map.
    receive({ type: "geoloc.ready" })
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Positions en direct"))
    const fix = (minutes: number, lng: number) =>
      new LiveFix({
        machine: tractor,
        counter: CounterId.make("BOX-1"),
        at: ago(minutes),
        lng,
        lat: 48.2,
        speed: 9.4,
        heading: 90,
        battery: 79,
      })
    receive({ type: "geoloc.fix", fix: fix(1, 1.51) })
    await waitFor(() =>
      expect(text(within(list).getAllByRole("listitem")[0])).toBe(
        "Tracteur rougeEn directCUMA des Présil y a 1 min · En mouvement · 9 km/h · Batterie 79 %",
      ),
    )
    expect(screen.getByRole("button", { name: "Marqueur Tracteur rouge" }).dataset.lng).toBe("1.51")
    // An older fix arriving late changes nothing.
    receive({ type: "geoloc.fix", fix: fix(2, 1.49) })
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByRole("button", { name: "Marqueur Tracteur rouge" }).dataset.lng).toBe("1.51")

    fireEvent.click(screen.getByRole("button", { name: "Marqueur Tracteur rouge" }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/machines/${tractor}`))
  })

  it("says when the positions cannot be loaded, and tries again", async () => {
    let calls = 0
    const machine = withActors(geolocMachine, {
      loadLast: async () => {
        calls++
        if (calls === 1) throw new Error("network down")
        return []
      },
    })
    await renderSignedIn(<GeolocPage machine={machine} now={now} MapView={Markers} />)
    fireEvent.click(await screen.findByRole("button", { name: "Réessayer" }))
    expect(await screen.findByText("Vous ne voyez encore aucune machine.")).toBeTruthy()
  })
})
