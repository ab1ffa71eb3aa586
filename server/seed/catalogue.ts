import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { FilterName } from "../../src/schema/catalogue"
import { defaultSettings } from "../../src/schema/machine"
import { retriedTransaction } from "../db/retry"

type Names = readonly [fr: string, en: string, pl: string, de: string]

/** A name in the four languages of the interface, French by default (SPEC §3 filter entry). */
const named = ([fr, en, pl, de]: Names): FilterName => ({
  default: fr,
  texts: [
    { lang: "fr", text: fr },
    { lang: "en", text: en },
    { lang: "pl", text: pl },
    { lang: "de", text: de },
  ],
})

export const catalogueBrands = [
  "John Deere",
  "Claas",
  "Kuhn",
  "New Holland",
  "Fendt",
  "Massey Ferguson",
  "Case IH",
  "Amazone",
  "Lemken",
  "Kverneland",
] as const

/** Categories with their types, in the order the catalogue lists them. */
export const catalogueCategories: ReadonlyArray<{ name: Names; types: ReadonlyArray<Names> }> = [
  {
    name: ["Tracteur", "Tractor", "Ciągnik", "Traktor"],
    types: [
      ["Tracteur 4 roues motrices", "Four-wheel-drive tractor", "Ciągnik z napędem 4x4", "Allradtraktor"],
      ["Tracteur vigneron", "Vineyard tractor", "Ciągnik sadowniczy", "Weinbergtraktor"],
      ["Tracteur à chenilles", "Tracked tractor", "Ciągnik gąsienicowy", "Raupentraktor"],
    ],
  },
  {
    name: ["Moissonneuse-batteuse", "Combine harvester", "Kombajn zbożowy", "Mähdrescher"],
    types: [
      ["Batteuse conventionnelle", "Conventional combine", "Kombajn klawiszowy", "Schüttler-Mähdrescher"],
      ["Batteuse axiale", "Rotary combine", "Kombajn rotorowy", "Rotor-Mähdrescher"],
    ],
  },
  {
    name: ["Semoir", "Seed drill", "Siewnik", "Sämaschine"],
    types: [
      ["Semoir à céréales", "Grain drill", "Siewnik zbożowy", "Getreidedrillmaschine"],
      ["Semoir monograine", "Precision planter", "Siewnik punktowy", "Einzelkornsägerät"],
      ["Semoir de semis direct", "No-till drill", "Siewnik do siewu bezpośredniego", "Direktsämaschine"],
    ],
  },
  {
    name: ["Pulvérisateur", "Sprayer", "Opryskiwacz", "Feldspritze"],
    types: [
      ["Pulvérisateur porté", "Mounted sprayer", "Opryskiwacz zawieszany", "Anbauspritze"],
      ["Pulvérisateur traîné", "Trailed sprayer", "Opryskiwacz przyczepiany", "Anhängespritze"],
      ["Pulvérisateur automoteur", "Self-propelled sprayer", "Opryskiwacz samojezdny", "Selbstfahrspritze"],
    ],
  },
  {
    name: ["Épandeur", "Spreader", "Rozsiewacz", "Streuer"],
    types: [
      ["Épandeur d'engrais", "Fertiliser spreader", "Rozsiewacz nawozów", "Düngerstreuer"],
      ["Épandeur à fumier", "Manure spreader", "Rozrzutnik obornika", "Miststreuer"],
      ["Tonne à lisier", "Slurry tanker", "Wóz asenizacyjny", "Güllefass"],
    ],
  },
  {
    name: ["Outil de travail du sol", "Tillage tool", "Narzędzie do uprawy gleby", "Bodenbearbeitungsgerät"],
    types: [
      ["Charrue", "Plough", "Pług", "Pflug"],
      ["Déchaumeur", "Stubble cultivator", "Brona talerzowa", "Grubber"],
      ["Herse rotative", "Power harrow", "Brona aktywna", "Kreiselegge"],
      ["Rouleau", "Roller", "Wał", "Walze"],
    ],
  },
  {
    name: ["Remorque", "Trailer", "Przyczepa", "Anhänger"],
    types: [
      ["Benne céréalière", "Grain trailer", "Przyczepa zbożowa", "Getreidekipper"],
      ["Plateau fourrager", "Bale trailer", "Przyczepa do bel", "Ballenwagen"],
    ],
  },
  {
    name: ["Presse", "Baler", "Prasa", "Presse"],
    types: [
      ["Presse à balles rondes", "Round baler", "Prasa zwijająca", "Rundballenpresse"],
      ["Presse à balles carrées", "Square baler", "Prasa kostkująca", "Quaderballenpresse"],
    ],
  },
]

/**
 * The catalogue is reference data every installation needs, demo or not: inserted once, when the
 * brands table is empty, at every start (idempotent; the table lock makes two instances starting
 * together insert it once).
 */
export const ensureCatalogue = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* retriedTransaction(sql)(
    Effect.gen(function* () {
      yield* sql`LOCK TABLE brands IN SHARE ROW EXCLUSIVE MODE`
      const [{ n }] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM brands`
      if (n > 0) return
      for (const name of catalogueBrands) yield* sql`INSERT INTO brands (name) VALUES (${name})`
      for (const [i, category] of catalogueCategories.entries()) {
        const [row] = yield* sql<{ id: string }>`INSERT INTO filter_entries (type, name, position)
          VALUES ('machineCategory', ${JSON.stringify(named(category.name))}::jsonb, ${i}) RETURNING id`
        for (const [j, type] of category.types.entries())
          yield* sql`INSERT INTO filter_entries (type, parent_id, name, position)
            VALUES ('machineType', ${row.id}, ${JSON.stringify(named(type))}::jsonb, ${j})`
      }
    }),
  )
}).pipe(Effect.orDie)

/** The three demo machines (tractor, combine, seeder) as the catalogue describes them. */
const demoDetails = [
  {
    brand: "John Deere",
    model: "6155R",
    category: "Tracteur",
    type: "Tracteur 4 roues motrices",
    width: null,
    speed: 40,
    maintenance: { dateOfIssue: "2019-03-15T00:00:00.000Z", workingHours: 4210, engineHours: 4385 },
  },
  {
    brand: "Claas",
    model: "Lexion 760",
    category: "Moissonneuse-batteuse",
    type: "Batteuse conventionnelle",
    width: 9,
    speed: 12,
    maintenance: { dateOfIssue: "2016-06-20T00:00:00.000Z", workingHours: 2890, engineHours: 3120 },
  },
  {
    brand: "Kuhn",
    model: "Espro 3000",
    category: "Semoir",
    type: "Semoir de semis direct",
    width: 3,
    speed: 15,
    maintenance: { dateOfIssue: "2021-09-01T00:00:00.000Z", workingHours: 860, engineHours: null },
  },
] as const

/** The machine catalogue (brands, categories and types in four languages) and the demo machines' details. */
export const seedCatalogue = (machines: ReadonlyArray<string>) =>
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
          maintenance = ${JSON.stringify(maintenance)}::jsonb,
          settings = ${JSON.stringify(defaultSettings)}::jsonb
        WHERE id = ${id}`
    }
  }).pipe(Effect.orDie)
