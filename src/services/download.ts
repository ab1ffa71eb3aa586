import { Effect } from "effect"

/** Hands a file the server wrote to the browser to save as `name` (the browser's download bar). */
export const saveFile = (content: string | Uint8Array, name: string, type: string) =>
  Effect.sync(() => {
    const part = typeof content === "string" ? content : new Uint8Array(content)
    const url = URL.createObjectURL(new Blob([part], { type }))
    const link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  })
