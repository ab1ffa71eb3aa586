/** mulberry32: small and deterministic, so the same seed sends the same inputs and a failure replays. */
export const prng = (seed: number) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  return { int, pick: <A>(xs: ReadonlyArray<A>): A => xs[int(xs.length)] }
}
export type Prng = ReturnType<typeof prng>

/** FNV-1a: each operation draws from its own stream, so a new endpoint leaves the others' inputs as they were. */
export const hash = (text: string) => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** JSON text that JSON.stringify cannot write (1e309, 309 digits, 3000 levels), spliced in afterwards. */
export class Raw {
  constructor(readonly text: string) {}
}

export const toJson = (value: unknown): string => {
  const raws: Array<string> = []
  const text = JSON.stringify(value, (_, v) => (v instanceof Raw ? `@@raw${raws.push(v.text) - 1}@@` : v))
  return (text ?? "null").replace(/"@@raw(\d+)@@"/g, (_, i) => raws[Number(i)])
}
