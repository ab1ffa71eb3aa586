import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { UserRow } from "../auth/users"

/** The plain of Beauce north of Illiers-Combray (Eure-et-Loir), where the demo CUMA works. */
const origin = { lng: 1.262, lat: 48.318 }
const metresPerDegreeLat = 111_132
const metresPerDegreeLng = 111_320 * Math.cos((origin.lat * Math.PI) / 180)

type Point = readonly [number, number]

/** Metres east and north of the origin, turned by `angle` degrees around `centre`, as [lng, lat]. */
const toLngLat = (centre: Point, angle: number) => {
  const a = (angle * Math.PI) / 180
  return ([x, y]: Point): [number, number] => {
    const ex = centre[0] + x * Math.cos(a) - y * Math.sin(a)
    const ny = centre[1] + x * Math.sin(a) + y * Math.cos(a)
    return [
      Math.round((origin.lng + ex / metresPerDegreeLng) * 1e7) / 1e7,
      Math.round((origin.lat + ny / metresPerDegreeLat) * 1e7) / 1e7,
    ]
  }
}

const closed = (ring: ReadonlyArray<[number, number]>) => [...ring, ring[0] as [number, number]]

export interface DemoField {
  readonly name: string
  readonly crop: string
  readonly rings: ReadonlyArray<ReadonlyArray<[number, number]>>
  readonly owner: number
}

/**
 * A block of the open field: strips side by side between two farm tracks, `depth` metres deep,
 * each as wide as `widths` says; the last one's far end follows a track that cuts across.
 */
const block = (
  centre: Point,
  angle: number,
  depth: number,
  widths: ReadonlyArray<number>,
  strips: ReadonlyArray<Omit<DemoField, "rings">>,
  slant = 0,
): ReadonlyArray<DemoField> => {
  const place = toLngLat(centre, angle)
  let x = 0
  return widths.map((width, i) => {
    const left = x
    x += width
    // A track crossing the block at a slant (metres per 100 m) shortens the strips' far ends.
    const far = (at: number) => Math.max(depth / 3, depth - slant * (at / 100))
    const corners: Array<Point> = [
      [left, 0],
      [x, 0],
      [x, far(x)],
      [left, far(left)],
    ]
    return { ...(strips[i] as Omit<DemoField, "rings">), rings: [closed(corners.map(place))] }
  })
}

const crops = ["BTH", "ORH", "CZH", "MIS", "TRN", "BTH", "ORP", "PPH"] as const

/**
 * The demo fields' outlines (WGS 84) with their names, crops and owners (0: the demo person,
 * 1: Paul, 2: Claire): pure, so the simulator can drive over them without a database.
 */
export const demoFields = (): Array<DemoField> => {
  const names = [
    "La Grande Pièce",
    "Les Vingt Arpents",
    "Le Chemin de Chartres",
    "La Croix Blanche",
    "Les Longues Raies",
    "Le Champ du Moulin",
    "La Fosse aux Loups",
    "Les Terres Fortes",
    "Le Bois Guillaume",
    "La Vallée Houdry",
    "Les Hauts de Méréglise",
    "La Mare Rouge",
    "Les Petites Bornes",
    "Le Clos Saint-Jacques",
    "La Pointe",
    "Les Quarante Mines",
    "Le Poirier Sec",
    "La Remise",
    "Les Sablons",
    "Le Chêne Rond",
    "La Butte aux Vents",
    "Les Genêts",
    "Le Puits Neuf",
    "La Voie Romaine",
    "Les Noues",
    "Le Grand Orme",
    "La Justice",
    "Les Perrières",
    "Le Bas des Vignes",
    "La Garenne",
  ]
  // Each field its own lieu-dit, in the order the blocks are laid out.
  let named = 0
  const fieldsOf = (count: number, owner: number) =>
    Array.from({ length: count }, () => {
      const i = named++
      return { name: names[i % names.length] as string, crop: crops[i % crops.length] as string, owner }
    })
  const fields: Array<DemoField> = [
    ...block([0, 0], 12, 620, [180, 240, 150, 310, 220, 260], fieldsOf(6, 0), 25),
    ...block([-1500, -900], 12, 540, [260, 200, 280, 190, 240], fieldsOf(5, 1), 0),
    ...block([900, -1200], -8, 700, [300, 210, 260, 230], fieldsOf(4, 2), 30),
    ...block([-300, 1100], 20, 480, [210, 260, 180, 240, 200, 220], fieldsOf(6, 1), 15),
    ...block([1800, 600], 5, 560, [250, 320, 200, 280, 240], fieldsOf(5, 2), 0),
    ...block([-2200, 700], 15, 600, [230, 270, 210, 250], fieldsOf(4, 0), 25),
  ]
  // A pond in the middle of the demo person's first field: a hole, kept.
  const first = fields[0]
  if (first) {
    const pond = toLngLat([0, 0], 12)
    const hole = closed(
      (
        [
          [60, 260],
          [60, 330],
          [120, 330],
          [120, 260],
        ] as Array<Point>
      ).map(pond),
    )
    fields[0] = { ...first, name: "La Mare aux Canards", rings: [...first.rings, hole] }
  }
  return fields
}

/**
 * A few dozen fields as the plain lays them out — strips between farm tracks, one with a pond
 * in it (a hole) — owned by the demo person, Paul and Claire, with their PAC îlot and parcel
 * numbers where the demo person declared them; two comments on the field with the pond.
 */
export const seedFields = (demo: UserRow, others: ReadonlyArray<UserRow>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [paul, claire] = others
    if (!paul || !claire) return 0
    const owners = [demo, paul, claire]
    const fields = demoFields()
    let parcel = 0
    for (const f of fields) {
      const owner = owners[f.owner] ?? demo
      const pac =
        f.owner === 0
          ? { island: String(1 + Math.floor(parcel / 4)), parcel: String(1 + (parcel++ % 4)) }
          : null
      const geometry = JSON.stringify({ type: "Polygon", coordinates: f.rings })
      yield* sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, crop, pac_campaign, pac_island,
          pac_parcel, source, created_by)
        SELECT gen_random_uuid(), ${owner.id}::uuid, DATE '2019-09-01', ${f.name}::text, g, field_area_ha(g), ${f.crop}::text,
          ${pac ? 2024 : null}::int, ${pac?.island ?? null}::text, ${pac?.parcel ?? null}::text, 'demo', ${owner.id}::uuid
        FROM (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${geometry}), 4326)) AS g) AS x`.pipe(
        Effect.orDie,
      )
    }
    yield* sql`INSERT INTO field_owners (field_id, owner_id, since) SELECT id, owner_id, owned_since FROM fields`.pipe(
      Effect.orDie,
    )
    // Two remarks on the pond field, by Claire and by the demo person (text: a demo has no voice).
    const remarks = [
      {
        by: claire,
        text: "Le fossé côté route déborde après les grosses pluies : à curer avant l'hiver.",
        ago: "9 days",
      },
      { by: demo, text: "Semis fait le 14, belle levée sauf autour de la mare.", ago: "2 days" },
    ]
    for (const r of remarks)
      yield* sql`INSERT INTO field_comments (id, field_id, author_id, text, created_at)
        SELECT gen_random_uuid(), id, ${r.by.id}::uuid, ${r.text}::text, now() - ${r.ago}::interval
        FROM fields WHERE owner_id = ${demo.id}::uuid AND name = 'La Mare aux Canards'`.pipe(Effect.orDie)
    return fields.length
  })
