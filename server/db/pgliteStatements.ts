import { type messages, type PGlite, protocol } from "@electric-sql/pglite"
import { cacheable, planChanged } from "./prepared"

// PGlite's `query` parses its statement again on every call, in six calls into the database,
// then copies its ~360 type parsers to read the answer: most of what a request cost on PGlite.
// Here a data statement (SELECT, INSERT, UPDATE, DELETE, WITH) is prepared once under a name,
// and each run is a single call (Bind, Execute, Sync); values are serialized and rows read with
// PGlite's own serializers and parsers, so rows and errors are those `query` gives. Plans are
// still made for each call's values (`force_custom_plan`), as with `query`: a plan made once for
// any value can be a bad one for some.

type Row = Record<string, unknown>

interface Prepared {
  readonly name: string
  readonly paramTypes: ReadonlyArray<number>
  readonly fields: ReadonlyArray<{ readonly name: string; readonly dataTypeID: number }>
}

const concat = (parts: ReadonlyArray<Uint8Array>) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** What PGlite's `query` adds to a database error (the statement and its parameters). */
const withStatement = (error: unknown, query: string, params: ReadonlyArray<unknown>) => {
  if (error !== null && typeof error === "object" && "code" in error)
    Object.assign(error, { query, params, queryOptions: undefined })
  return error
}

/**
 * Rows of `sql` with `params`, as `db.query(sql, params)` would give them. The caller runs one
 * statement at a time (PGlite has one connection); `capacity` bounds the prepared statements kept.
 */
export const makeStatements = async (db: PGlite, capacity = 1000) => {
  await db.exec("SET plan_cache_mode = force_custom_plan")
  const { serialize } = protocol
  const prepared = new Map<string, Prepared>()
  // Evicted statements are closed with the next preparation (closing an unknown name is no error).
  let toClose: Array<string> = []
  let counter = 0

  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `sillon_${++counter}`
    const closing = toClose
    const answer = await db.execProtocolStream(
      concat([
        ...closing.map((old) => serialize.close({ type: "S", name: old })),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    toClose = toClose.filter((old) => !closing.includes(old))
    let paramTypes: ReadonlyArray<number> = []
    let fields: Prepared["fields"] = []
    for (const message of answer) {
      if (message.name === "parameterDescription")
        paramTypes = (message as messages.ParameterDescriptionMessage).dataTypeIDs
      else if (message.name === "rowDescription")
        fields = (message as messages.RowDescriptionMessage).fields.map((field) => ({
          name: field.name,
          dataTypeID: field.dataTypeID,
        }))
    }
    const statement = { name, paramTypes, fields }
    prepared.set(sql, statement)
    if (prepared.size > capacity) {
      const [oldest] = prepared
      prepared.delete(oldest[0])
      toClose.push(oldest[1].name)
    }
    return statement
  }

  const run = async (statement: Prepared, params: ReadonlyArray<unknown>): Promise<Array<Row>> => {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const serializer = db.serializers[statement.paramTypes[i]]
      return serializer ? serializer(param) : String(param)
    })
    const answer = await db.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: true },
    )
    const parsers = statement.fields.map((field) => db.parsers[field.dataTypeID])
    const rows: Array<Row> = []
    for (const message of answer) {
      if (message.name !== "dataRow") continue
      const values = (message as messages.DataRowMessage).fields
      rows.push(
        Object.fromEntries(
          statement.fields.map((field, i) => {
            const value = values[i]
            const parse = parsers[i]
            return [field.name, value === null ? null : parse ? parse(value, field.dataTypeID) : value]
          }),
        ),
      )
    }
    return rows
  }

  const rows = async (sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> => {
    if (!cacheable.test(sql)) return (await db.query<Row>(sql, params as Array<unknown>)).rows
    try {
      const known = prepared.get(sql)
      if (!known) return await run(await prepare(sql), params)
      try {
        return await run(known, params)
      } catch (error) {
        if (!planChanged(error)) throw error
        // A column was added or removed since it was prepared: prepare it again, and run it
        // again unless the failure aborted a transaction (its caller sees the failure then).
        prepared.delete(sql)
        toClose.push(known.name)
        if (db.isInTransaction()) throw error
        return await run(await prepare(sql), params)
      }
    } catch (error) {
      throw withStatement(error, sql, params)
    }
  }

  return { rows }
}
