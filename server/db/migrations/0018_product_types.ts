import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

type Names = readonly [fr: string, en: string, pl: string, de: string]

/**
 * What a machine spreads, sows, sprays or handles, as a farmer names it (SPEC §3 Activity:
 * product type), in the order the catalogue lists it. Written here, not imported, so that this
 * migration inserts the same entries whenever it runs.
 */
export const seededProductTypes: ReadonlyArray<Names> = [
  ["Engrais minéral", "Mineral fertiliser", "Nawóz mineralny", "Mineraldünger"],
  [
    "Solution azotée",
    "Liquid nitrogen (UAN)",
    "Roztwór saletrzano-mocznikowy (RSM)",
    "Ammonnitrat-Harnstoff-Lösung",
  ],
  ["Lisier", "Slurry", "Gnojowica", "Gülle"],
  ["Fumier", "Farmyard manure", "Obornik", "Stallmist"],
  ["Compost", "Compost", "Kompost", "Kompost"],
  ["Digestat de méthanisation", "Digestate", "Poferment", "Gärrest"],
  ["Chaux", "Lime", "Wapno nawozowe", "Kalk"],
  ["Semences de céréales", "Cereal seed", "Materiał siewny zbóż", "Getreidesaatgut"],
  ["Semences de maïs", "Maize seed", "Materiał siewny kukurydzy", "Maissaatgut"],
  ["Semences de colza", "Oilseed rape seed", "Materiał siewny rzepaku", "Rapssaatgut"],
  ["Semences de couvert végétal", "Cover crop seed", "Materiał siewny międzyplonów", "Zwischenfruchtsaatgut"],
  ["Plants de pommes de terre", "Seed potatoes", "Sadzeniaki ziemniaka", "Pflanzkartoffeln"],
  ["Herbicide", "Herbicide", "Herbicyd", "Herbizid"],
  ["Fongicide", "Fungicide", "Fungicyd", "Fungizid"],
  ["Insecticide", "Insecticide", "Insektycyd", "Insektizid"],
  ["Régulateur de croissance", "Growth regulator", "Regulator wzrostu", "Wachstumsregler"],
  ["Eau d'irrigation", "Irrigation water", "Woda do nawadniania", "Beregnungswasser"],
  ["Ensilage", "Silage", "Kiszonka", "Silage"],
  ["Foin", "Hay", "Siano", "Heu"],
  ["Paille", "Straw", "Słoma", "Stroh"],
]

const named = ([fr, en, pl, de]: Names) => ({
  default: fr,
  texts: [
    { lang: "fr", text: fr },
    { lang: "en", text: en },
    { lang: "pl", text: pl },
    { lang: "de", text: de },
  ],
})

/**
 * Product types and fuel by rate (SPEC §3): filter entries of a third type, `productType`, seeded
 * here; a machine tag (an implement) and a booking may say which product the work is about; a
 * machine without a CAN fuel value may carry a reference consumption, per hour or per hectare,
 * set both or neither.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE filter_entries DROP CONSTRAINT filter_entries_type_check`
  yield* sql`ALTER TABLE filter_entries ADD CONSTRAINT filter_entries_type_check
    CHECK (type IN ('machineCategory', 'machineType', 'productType'))`
  for (const [position, names] of seededProductTypes.entries())
    yield* sql`INSERT INTO filter_entries (type, name, position)
      VALUES ('productType', ${JSON.stringify(named(names))}::jsonb, ${position})`
  yield* sql`ALTER TABLE machines
    ADD COLUMN consumption_unit text CHECK (consumption_unit IN ('litresPerHour', 'litresPerHectare')),
    ADD COLUMN consumption_rate double precision CHECK (consumption_rate > 0),
    ADD CONSTRAINT machines_consumption_whole CHECK ((consumption_unit IS NULL) = (consumption_rate IS NULL))`
  yield* sql`ALTER TABLE ble_tags
    ADD COLUMN product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    ADD CONSTRAINT ble_tags_product_of_machine CHECK (product_type_id IS NULL OR type = 'machine')`
  yield* sql`ALTER TABLE bookings ADD COLUMN product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL`
})
