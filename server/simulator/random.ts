import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64"
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus"

/**
 * A seeded source of randomness (xoroshiro128+ from pure-rand): the same seed gives the same
 * sequence on every machine, so a simulated day is reproducible from its seed alone.
 */
export interface Random {
  /** Uniform in [0, 1). */
  readonly next: () => number
  /** Uniform in [min, max). */
  readonly between: (min: number, max: number) => number
  /** Integer in [min, max]. */
  readonly int: (min: number, max: number) => number
  /** Normal with this mean and standard deviation. */
  readonly normal: (mean: number, sd: number) => number
  /** True with this probability. */
  readonly chance: (p: number) => boolean
  /** One element, uniformly. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  /** A shuffled copy. */
  readonly shuffle: <A>(items: ReadonlyArray<A>) => Array<A>
  /** An independent stream for a part of the simulation (a day, a box). */
  readonly fork: (salt: number) => Random
}

/** Mixes a seed with a salt into a 32-bit seed (so forks of nearby seeds do not overlap). */
const mix = (seed: number, salt: number) => {
  let h = (seed ^ Math.imul(salt + 0x9e3779b9, 0x85ebca6b)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0
  return (h ^ (h >>> 16)) | 0
}

export const random = (seed: number): Random => {
  const rng = xoroshiro128plus(seed | 0)
  const next = () => uniformFloat64(rng)
  const between = (min: number, max: number) => min + (max - min) * next()
  const self: Random = {
    next,
    between,
    int: (min, max) => Math.min(max, Math.floor(between(min, max + 1))),
    normal: (mean, sd) => {
      const u = 1 - next()
      const v = next()
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
    },
    chance: (p) => next() < p,
    pick: (items) => items[Math.min(items.length - 1, Math.floor(next() * items.length))] as never,
    shuffle: (items) => {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[out[i], out[j]] = [out[j] as never, out[i] as never]
      }
      return out
    },
    fork: (salt) => random(mix(seed, salt)),
  }
  return self
}
