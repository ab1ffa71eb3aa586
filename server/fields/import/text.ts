/**
 * A text file's characters: the encoding its XML declaration names, else UTF-8 when it is valid
 * UTF-8, else Windows-1252 (a superset of ISO-8859-1, which Telepac writes).
 */
export const decodeText = (bytes: Uint8Array): string => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1]
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes)
    } catch {
      // An encoding the platform does not know: try the usual ones.
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder("windows-1252").decode(bytes)
  }
}
