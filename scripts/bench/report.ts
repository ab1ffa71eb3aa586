/** One printed figure: the measured value, the baseline measured in the same run, and their ratio. */
export interface Figure {
  readonly name: string
  readonly value: number
  readonly baseline: number
  readonly unit: string
  readonly baselineName: string
  readonly note?: string
}

const fmt = (n: number) =>
  Math.abs(n) >= 1000 ? n.toFixed(0) : Math.abs(n) >= 100 ? n.toFixed(1) : n.toFixed(2)

export const printFigures = (title: string, figures: ReadonlyArray<Figure>) => {
  console.log(`\n## ${title}`)
  for (const f of figures) {
    const ratio = f.baseline === 0 ? "n/a" : (f.value / f.baseline).toFixed(2)
    console.log(
      `${f.name}: ${fmt(f.value)} ${f.unit} | baseline (${f.baselineName}): ${fmt(f.baseline)} ${f.unit} | ratio ${ratio}${f.note ? ` | ${f.note}` : ""}`,
    )
  }
}

export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]
}

/** Each figure's median over several runs of a measurement (rows of the same named figures). */
export const medians = <K extends string>(rows: ReadonlyArray<Record<K, number>>, keys: ReadonlyArray<K>) =>
  Object.fromEntries(
    keys.map((k) => [
      k,
      percentile(
        rows.map((r) => r[k]),
        50,
      ),
    ]),
  ) as Record<K, number>

/** A broken budget, said so that nobody scrolls past it: framed, on stderr. */
export const printBreaches = (breaches: ReadonlyArray<string>) => {
  if (breaches.length === 0) return
  const line = "!".repeat(78)
  console.error(
    `\n${line}\n!! FIRST-VISIT BUDGET BROKEN: the bench fails.\n${breaches.map((b) => `!!   - ${b}`).join("\n")}\n!! Find what a first visit now loads statically (npx vite build, then the chunk's imports),\n!! load it on demand, or raise the budget knowingly in scripts/bench/bundle.ts.\n${line}`,
  )
}

/** The databases a bench runs on: BENCH_BACKENDS (comma-separated), else `fallback`. */
export const benchBackends = (fallback = "pglite,postgres"): Array<"pglite" | "postgres"> =>
  (process.env.BENCH_BACKENDS ?? fallback)
    .split(",")
    .filter((b): b is "pglite" | "postgres" => b === "pglite" || b === "postgres")
