import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The real files from the field the tests read in place (never copied into the project): a
 * Telepac 2024 "parcelles" export, Telepac XML files of both schemas, one field set in six
 * formats, and two files that must be refused.
 */
export const parcelsDir = fileURLToPath(new URL("../../../shared/data/parcels/", import.meta.url))
export const parcelFile = (name: string) => new Uint8Array(readFileSync(join(parcelsDir, name)))
