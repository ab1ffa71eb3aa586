import type { ReactNode } from "react"

/**
 * A translated text in which box (or tag) ids never break across lines: "SIL-0003" stays whole
 * when a long button label wraps on a phone. The text itself (and so its accessible name) is
 * unchanged; each id is only wrapped in a span that does not wrap.
 */
export const Unbroken = ({ text, ids }: { text: string; ids: ReadonlyArray<string> }): ReactNode => {
  const wanted = ids.filter((id) => id.length > 0)
  if (wanted.length === 0) return text
  const escaped = wanted.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  const parts = text.split(new RegExp(`(${escaped.join("|")})`, "g"))
  return parts.map((part, i) =>
    wanted.includes(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <span key={i} style={{ whiteSpace: "nowrap" }} data-unbroken="">
        {part}
      </span>
    ) : (
      part
    ),
  )
}
