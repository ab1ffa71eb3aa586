/** shpjs ships no types: the two functions Sillon reads shapefiles with. */
declare module "shpjs" {
  /** The shapes of a .shp, brought to WGS 84 when the .prj's text is given. */
  export function parseShp(
    shp: Uint8Array,
    prj?: string,
  ): Array<{ type: string; coordinates: unknown } | null>
  /** The rows of a .dbf, its text decoded with the .cpg's encoding. */
  export function parseDbf(dbf: Uint8Array, cpg?: string): Array<Record<string, unknown>>
}
