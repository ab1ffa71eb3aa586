import { unzipSync } from "fflate"
import { ImportRefused } from "./candidate"

/** A zip holds at most this many files and unpacks to at most this much: a zip bomb is refused. */
const maxEntries = 500
const maxUnpacked = 200 * 1024 * 1024

/** Entries a Mac or an editor adds beside the real files. */
const isJunk = (name: string) => {
  const base = name.split("/").pop() ?? ""
  return (
    name.startsWith("__MACOSX/") ||
    name.includes("/__MACOSX/") ||
    base.startsWith("._") ||
    base === ".DS_Store" ||
    name.endsWith("/")
  )
}

export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4

/** The zip's real files by path (junk left out); a damaged or oversized archive is refused. */
export const unzip = (bytes: Uint8Array): Readonly<Record<string, Uint8Array>> => {
  let entries = 0
  let unpacked = 0
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        entries++
        unpacked += file.originalSize
        if (entries > maxEntries || unpacked > maxUnpacked) throw new ImportRefused("importFormat")
        return !isJunk(file.name)
      },
    })
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    throw new ImportRefused("importFormat")
  }
}

/** The file name's extension, lower case, without the dot. */
export const extensionOf = (name: string) =>
  name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : ""
