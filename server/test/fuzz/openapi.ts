/** The part of an OpenAPI 3.1 document the fuzz reads: operations, parameters, JSON bodies. */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly enum?: ReadonlyArray<unknown>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema | false
  readonly prefixItems?: ReadonlyArray<JsonSchema>
  readonly minItems?: number
  readonly maxItems?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly maxLength?: number
  readonly format?: string
  readonly description?: string
}

export interface Parameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  readonly required?: boolean
  readonly schema?: JsonSchema
}

interface PathItem {
  readonly parameters?: ReadonlyArray<Parameter>
  readonly requestBody?: { readonly content: Readonly<Record<string, { schema: JsonSchema }>> }
}

export interface OpenApi {
  readonly paths: Readonly<Record<string, Readonly<Record<string, PathItem>>>>
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> }
}

/** One route to fuzz: from the document, or listed by hand for routes outside the contract. */
export interface Operation {
  readonly method: string
  /** With `{name}` placeholders for path parameters. */
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  /** The JSON body's schema, when the route takes one. */
  readonly body?: JsonSchema
}

const methods = ["get", "put", "post", "patch", "delete"]

export const operationsOf = (doc: OpenApi): Array<Operation> =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content["application/json"]?.schema,
      })),
  )

export const resolve = (doc: OpenApi, schema: JsonSchema): JsonSchema => {
  const name = schema.$ref?.replace("#/components/schemas/", "")
  return name === undefined ? schema : resolve(doc, doc.components?.schemas?.[name] ?? {})
}

export const isNull = (s: JsonSchema) => s.type === "null"
/** The non-null forms a schema allows, nested unions flattened (a nullable decimal is text or number). */
const options = (doc: OpenApi, t: JsonSchema): Array<JsonSchema> => {
  const some = t.anyOf ?? t.oneOf
  if (some) return some.flatMap((o) => options(doc, resolve(doc, o)))
  return isNull(t) ? [] : [t]
}
const isContainer = (t: JsonSchema) => t.type === "object" || t.type === "array"

export type Path = ReadonlyArray<string | number>
/** A place where the body holds a scalar, and the scalar's schema. */
export interface Leaf {
  readonly path: Path
  readonly schema: JsonSchema
}

/** Every scalar place of a body schema, optional ones included, array items once. */
export const leavesOf = (doc: OpenApi, schema: JsonSchema, path: Path = [], depth = 0): Array<Leaf> => {
  const some = options(doc, resolve(doc, schema))
  const containers = some.filter(isContainer)
  const here = containers.length < some.length || depth > 8 ? [{ path, schema }] : []
  if (depth > 8) return here
  return here.concat(
    containers.flatMap((t) =>
      t.type === "object"
        ? Object.entries(t.properties ?? {}).flatMap(([k, v]) => leavesOf(doc, v, [...path, k], depth + 1))
        : (t.prefixItems ?? (t.items ? [t.items] : [])).flatMap((v, i) =>
            leavesOf(doc, v, [...path, i], depth + 1),
          ),
    ),
  )
}

/** What kind of value a leaf takes, to send it the values that kind of field fears. */
export const kindOf = (doc: OpenApi, schema: JsonSchema): "number" | "date" | "id" | "text" | "other" => {
  const some = options(doc, resolve(doc, schema))
  if (some.some((t) => t.type === "number" || t.type === "integer")) return "number"
  if (some.some((t) => t.description?.includes("DateTime"))) return "date"
  if (some.some((t) => t.format === "uuid")) return "id"
  return some.some((t) => t.type === "string" && !t.enum) ? "text" : "other"
}

type Json = Record<string | number, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * `value` with `leaf` put at `path`, and on the way whatever the schema requires there
 * (from `fill`), so that the leaf is the one thing wrong in an otherwise acceptable body.
 */
export const graft = (
  doc: OpenApi,
  schema: JsonSchema,
  value: unknown,
  path: Path,
  leaf: unknown,
  fill: (schema: JsonSchema, key?: string) => unknown,
): unknown => {
  if (path.length === 0) return leaf
  const [head, ...rest] = path
  const some = options(doc, resolve(doc, schema))
  const t = some.find((o) => (typeof head === "number" ? o.type === "array" : o.properties?.[head])) ?? {}
  const child =
    typeof head === "number" ? (t.prefixItems?.[head] ?? (t.items || {})) : (t.properties?.[head] ?? {})
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...value] : []
    while (list.length <= head) list.push(fill(child))
    list[head] = graft(doc, child, list[head], rest, leaf, fill)
    return list
  }
  const object: Json = isObject(value) ? { ...value } : (fill(t) as Json)
  object[head] = graft(doc, child, object[head] ?? fill(child, head), rest, leaf, fill)
  return object
}
