import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { defaultSettings } from "../../src/schema/machine"
import { ensureCatalogue } from "../properties/catalogue"

/** The three demo machines (tractor, combine, seeder) as the catalogue describes them. */
const demoDetails = [
  {
    brand: "John Deere",
    model: "6155R",
    category: "Tracteur",
    type: "Tracteur 4 roues motrices",
    width: null,
    speed: 40,
    can: true,
    // A 155 hp tractor's usual burn in field work: its fuel figure when the CAN gives none.
    consumption: { unit: "litresPerHour", rate: 18 },
    maintenance: { dateOfIssue: "2019-03-15T00:00:00.000Z", workingHours: 4210, engineHours: 4385 },
  },
  {
    brand: "Claas",
    model: "Lexion 760",
    category: "Moissonneuse-batteuse",
    type: "Batteuse conventionnelle",
    width: 9,
    speed: 12,
    can: true,
    consumption: null,
    maintenance: { dateOfIssue: "2016-06-20T00:00:00.000Z", workingHours: 2890, engineHours: 3120 },
  },
  {
    brand: "Kuhn",
    model: "Espro 3000",
    category: "Semoir",
    type: "Semoir de semis direct",
    width: 3,
    speed: 15,
    can: false,
    consumption: null,
    maintenance: { dateOfIssue: "2021-09-01T00:00:00.000Z", workingHours: 860, engineHours: null },
  },
] as const

/** The demo machines' details, from the machine catalogue (ensured first). */
export const seedMachineDetails = (machines: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    yield* ensureCatalogue
    const sql = yield* SqlClient.SqlClient
    for (const [i, id] of machines.entries()) {
      const d = demoDetails[i]
      if (!d) continue
      const maintenance = {
        totalDistanceKm: null,
        engineHoursMeasuredAt: d.maintenance.engineHours === null ? null : "2026-10-01T00:00:00.000Z",
        ...d.maintenance,
      }
      yield* sql`UPDATE machines SET
          brand_id = (SELECT id FROM brands WHERE name = ${d.brand}),
          model = ${d.model},
          category_id = (SELECT id FROM filter_entries WHERE type = 'machineCategory' AND name->>'default' = ${d.category}),
          type_id = (SELECT t.id FROM filter_entries t JOIN filter_entries c ON c.id = t.parent_id
                     WHERE t.type = 'machineType' AND t.name->>'default' = ${d.type} AND c.name->>'default' = ${d.category}),
          tool_width_m = ${d.width},
          max_working_speed_kmh = ${d.speed},
          can_present = ${d.can},
          consumption_unit = ${d.consumption?.unit ?? null},
          consumption_rate = ${d.consumption?.rate ?? null},
          maintenance = ${JSON.stringify(maintenance)}::jsonb,
          settings = ${JSON.stringify(defaultSettings)}::jsonb
        WHERE id = ${id}`
    }
  }).pipe(Effect.orDie)
