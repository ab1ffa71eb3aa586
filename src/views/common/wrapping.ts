/** A button whose label may wrap on a narrow phone instead of being cut. */
export const wrapping = {
  h: "auto",
  mih: 44,
  py: 8,
  styles: {
    // Its height is its content's: centred as a flex box, a link's label no longer sits at its top
    // (a <button> centres its content by itself, an <a> does not).
    root: { display: "inline-flex", alignItems: "center", justifyContent: "center" },
    label: { whiteSpace: "normal" as const, textAlign: "center" as const },
  },
}
