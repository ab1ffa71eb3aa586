import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fixesTableMachine } from "../../machines/telemetry/fixesTable"
import { BadRequest } from "../../schema/errors"
import { CounterId } from "../../schema/ids"
import { DeviceInformation } from "../../schema/telemetryReads"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { ExpertPage } from "./ExpertPage"

const machineId = "5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"
const now = Date.parse("2026-11-20T10:00:00Z")
const device = new DeviceInformation({
  counter: CounterId.make("BOX-7"),
  kind: "box",
  firmware: "2.4.1",
  battery: 64,
  lastCommunication: DateTime.unsafeMake("2026-11-20T09:59:00Z"),
  fixes: 1234,
  lastPosition: { at: DateTime.unsafeMake("2026-11-20T09:58:00Z"), lng: 1.5, lat: 48.2 },
  current: true,
  sensors: { vibration: "high", can: { engineSpeed: 1800 }, canSeen: ["engineSpeed"], tags: [] },
})
const fix = {
  counter: "BOX-7",
  at: "2026-11-20T08:00:05.000Z",
  lng: 1.234567,
  lat: 48.301234,
  speed: 12.5,
  vibration: "medium",
  battery: 64,
  can: { engineSpeed: 1800 },
  tags: [{ id: "DRV-1", rssi: -70 }],
}

describe("the expert screen", () => {
  const zone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = "America/New_York"
  })
  afterAll(() => {
    // Assigning undefined would set the text "undefined", an unknown zone for every later file
    // sharing this module graph (Intl then gives no time zone at all).
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  })

  it("reads a machine's period: the boxes, every value of each fix, pages, and the same period as CSV", async () => {
    const asked: Array<unknown> = []
    const exported: Array<unknown> = []
    const machine = withActors(fixesTableMachine, {
      loadChoices: async () => [{ id: machineId, label: "Tracteur rouge" }],
      loadPage: async ({ input }: { input: { page: number } }) => {
        asked.push(input)
        return { total: 250, page: input.page, limit: 100, fixes: [fix], devices: [device] }
      },
      exportCsv: async ({ input }: { input: unknown }) => {
        exported.push(input)
        if (exported.length > 1) throw BadRequest.of("outOfRange")
      },
    })
    await renderSignedIn(<ExpertPage machine={machine} now={now} />)
    await screen.findByRole("option", { name: "Tracteur rouge" })
    fireEvent.change(screen.getByLabelText("Machine"), { target: { value: machineId } })
    // The period is UTC whatever the person's time zone (New York here): today 00:00 to tomorrow 00:00.
    const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
    expect([input("Début (UTC) : jour").value, input("Début (UTC) : heure").value]).toEqual([
      "20/11/2026",
      "00:00",
    ])
    expect([input("Fin (UTC) : jour").value, input("Fin (UTC) : heure").value]).toEqual([
      "21/11/2026",
      "00:00",
    ])
    fireEvent.change(input("Fin (UTC) : heure"), { target: { value: "0630" } })
    fireEvent.click(screen.getByRole("button", { name: "Afficher" }))
    const card = await screen.findByLabelText("Boîtier BOX-7")
    expect(within(card).getByText("2.4.1")).toBeTruthy()
    expect(within(card).getByText("1234")).toBeTruthy()
    const table = screen.getByRole("table", { name: "Positions brutes" })
    for (const text of [
      "2026-11-20 08:00:05",
      "48.301234",
      "1.234567",
      "12.5",
      "moyenne",
      "engineSpeed 1800",
      "DRV-1 (-70)",
    ])
      expect(within(table).getByText(text)).toBeTruthy()
    expect(screen.getByText("250 positions sur la période")).toBeTruthy()
    const query = {
      source: { machine: machineId },
      start: "2026-11-20T00:00:00.000Z",
      end: "2026-11-21T06:30:00.000Z",
    }
    expect(asked).toEqual([{ ...query, page: 1 }])
    fireEvent.click(screen.getByRole("button", { name: "3" }))
    await screen.findByRole("table", { name: "Positions brutes" })
    expect(asked.at(-1)).toEqual({ ...query, page: 3 })
    fireEvent.click(await screen.findByRole("button", { name: "Exporter en CSV" }))
    expect(await screen.findByText("Fichier CSV téléchargé.")).toBeTruthy()
    expect(exported).toEqual([query])
    fireEvent.click(screen.getByRole("button", { name: "Exporter en CSV" }))
    expect((await screen.findByRole("alert")).textContent).toContain("Valeur hors des limites autorisées")
  })
})
