import type { Right } from "../../src/schema/rights"
import { signup, type TestApp } from "./app"
import { addMember, createCluster, send } from "./clusters"

/** The 403 and 400 bodies the fleet tests expect. */
export const associationNotAllowed = {
  _tag: "Forbidden",
  code: "associationNotAllowed",
  message: "Cette association n'est pas autorisee",
}
export const selectionUnknown = {
  _tag: "BadRequest",
  code: "selectionUnknown",
  message: "Cette selection n'existe pas",
}

export interface Category {
  id: string
  name: { default: string }
  types: Array<{ id: string; name: { default: string } }>
}

export interface Catalogue {
  brands: Array<{ id: string; name: string }>
  categories: Array<Category>
}

/** The machine catalogue as a signed-in user reads it through the API. */
export const loadCatalogue = async (app: TestApp): Promise<Catalogue> => {
  const someone = await signup(app)
  const brands = (await send(app, someone, "GET", "/api/v2/properties/machines/brands")).body
  const categories = (await send(app, someone, "GET", "/api/v2/properties/machines/categories")).body
  return { brands, categories }
}

/** Helpers of the fleet tests, on the app and catalogue the getters return once started. */
export const fleet = (app: () => TestApp, catalogue: () => Catalogue) => {
  const brand = (name: string) => catalogue().brands.find((b) => b.name === name)?.id
  const category = (name: string) => catalogue().categories.find((c) => c.name.default === name) as Category
  const typeOf = (c: string, t: string) => category(c).types.find((x) => x.name.default === t)?.id
  const machineCount = async (clusterId: string) =>
    (
      await app().sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM machines WHERE cluster_id = ${clusterId}`,
      )
    )[0].n

  /** Anne holds every right in her structure; Paul is a member with `paulRights`; Olga is outside. */
  const fixture = async (paulRights: ReadonlyArray<Right> = []) => {
    const anne = await signup(app(), { firstname: "Anne", lastname: "Petit" })
    const paul = await signup(app(), { firstname: "Paul", lastname: "Martin" })
    const olga = await signup(app(), { firstname: "Olga", lastname: "Zed" })
    const cluster = await createCluster(app(), anne, { name: "CUMA des Blés" })
    await addMember(app(), cluster, paul.id, paulRights)
    return { anne, paul, olga, cluster }
  }

  const tractor = (cluster: string, fields: Record<string, unknown> = {}) => ({
    cluster,
    name: "Tracteur 6155R",
    brand: brand("John Deere"),
    model: "6155R",
    category: category("Tracteur").id,
    type: typeOf("Tracteur", "Tracteur 4 roues motrices"),
    toolWidthMeters: "3.5",
    maxWorkingSpeedKmh: 40,
    ...fields,
  })

  return { brand, category, typeOf, machineCount, fixture, tractor }
}
