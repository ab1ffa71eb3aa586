import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..")

/**
 * The real files from the field the tests read in place (never copied into the project): a
 * Telepac 2024 "parcelles" export, Telepac XML files of both schemas, one field set in six
 * formats, and two files that must be refused. They live in `shared/data/parcels` beside the
 * checkout (`../shared`, or beside a folder above it); `PARCELS_DIR` names another place.
 */
const findParcelsDir = (): string => {
  const chosen = process.env.PARCELS_DIR
  if (chosen) return chosen
  const tried: Array<string> = []
  for (let dir = repo; ; dir = dirname(dir)) {
    const candidate = join(dirname(dir), "shared", "data", "parcels")
    tried.push(candidate)
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) break
  }
  throw new Error(`The parcels test data is not found (looked in ${tried.join(", ")}): set PARCELS_DIR`)
}

export const parcelsDir = findParcelsDir()
export const parcelFile = (name: string) => new Uint8Array(readFileSync(join(parcelsDir, name)))
export const parcelPath = (name: string) => join(parcelsDir, name)
