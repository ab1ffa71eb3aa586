/** Where the fields' index is kept between visits (src/services/keptIndex.ts). */
export const keptIndexCache = "sillon-fields-index"

/** Forgets the kept index (signing out: the next person on this phone finds nothing of it). */
export const forgetKeptIndex = () => {
  void globalThis.caches?.delete(keptIndexCache).catch(() => undefined)
}
