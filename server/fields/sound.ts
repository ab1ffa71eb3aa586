/**
 * What a recorded sound's bytes are, by their signature (never by the declared type alone): WebM
 * (an EBML header whose DocType is "webm"), Ogg ("OggS"), MP4 (an "ftyp" box) or raw AAC (an ADTS
 * frame header). `undefined` for anything else.
 */
export type SoundFamily = "webm" | "ogg" | "mp4" | "aac"

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)))

export const soundFamilyOf = (bytes: Uint8Array): SoundFamily | undefined => {
  if (bytes.length < 12) return undefined
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return ascii(bytes, 4, 64).includes("webm") ? "webm" : undefined
  if (ascii(bytes, 0, 4) === "OggS") return "ogg"
  if (ascii(bytes, 4, 8) === "ftyp") return "mp4"
  // ADTS: 12 sync bits, then MPEG version, layer 00.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0) return "aac"
  return undefined
}

/** The family a declared media type names (`audio/webm;codecs=opus` → `webm`). */
export const declaredFamily = (contentType: string): SoundFamily | undefined => {
  const essence = contentType.split(";")[0]?.trim().toLowerCase()
  return ({ "audio/webm": "webm", "audio/ogg": "ogg", "audio/mp4": "mp4", "audio/aac": "aac" } as const)[
    essence as "audio/webm"
  ]
}

/** The media type stored and answered: lower-cased, without spaces (`audio/webm;codecs=opus`). */
export const normalisedType = (contentType: string) => contentType.toLowerCase().replace(/\s+/g, "")
