import type { FilterName } from "../../src/schema/catalogue"

// The machine catalogue every installation needs, demo or not (ensured by catalogue.ts).

type Names = readonly [fr: string, en: string, pl: string, de: string]

/** A name in the four languages of the interface, French by default (SPEC §3 filter entry). */
export const named = ([fr, en, pl, de]: Names): FilterName => ({
  default: fr,
  texts: [
    { lang: "fr", text: fr },
    { lang: "en", text: en },
    { lang: "pl", text: pl },
    { lang: "de", text: de },
  ],
})

export const catalogueBrands = [
  "John Deere",
  "Claas",
  "Kuhn",
  "New Holland",
  "Fendt",
  "Massey Ferguson",
  "Case IH",
  "Amazone",
  "Lemken",
  "Kverneland",
] as const

/** Categories with their types, in the order the catalogue lists them. */
export const catalogueCategories: ReadonlyArray<{ name: Names; types: ReadonlyArray<Names> }> = [
  {
    name: ["Tracteur", "Tractor", "Ciągnik", "Traktor"],
    types: [
      ["Tracteur 4 roues motrices", "Four-wheel-drive tractor", "Ciągnik z napędem 4x4", "Allradtraktor"],
      ["Tracteur vigneron", "Vineyard tractor", "Ciągnik sadowniczy", "Weinbergtraktor"],
      ["Tracteur à chenilles", "Tracked tractor", "Ciągnik gąsienicowy", "Raupentraktor"],
    ],
  },
  {
    name: ["Moissonneuse-batteuse", "Combine harvester", "Kombajn zbożowy", "Mähdrescher"],
    types: [
      ["Batteuse conventionnelle", "Conventional combine", "Kombajn klawiszowy", "Schüttler-Mähdrescher"],
      ["Batteuse axiale", "Rotary combine", "Kombajn rotorowy", "Rotor-Mähdrescher"],
    ],
  },
  {
    name: ["Semoir", "Seed drill", "Siewnik", "Sämaschine"],
    types: [
      ["Semoir à céréales", "Grain drill", "Siewnik zbożowy", "Getreidedrillmaschine"],
      ["Semoir monograine", "Precision planter", "Siewnik punktowy", "Einzelkornsägerät"],
      ["Semoir de semis direct", "No-till drill", "Siewnik do siewu bezpośredniego", "Direktsämaschine"],
    ],
  },
  {
    name: ["Pulvérisateur", "Sprayer", "Opryskiwacz", "Feldspritze"],
    types: [
      ["Pulvérisateur porté", "Mounted sprayer", "Opryskiwacz zawieszany", "Anbauspritze"],
      ["Pulvérisateur traîné", "Trailed sprayer", "Opryskiwacz przyczepiany", "Anhängespritze"],
      ["Pulvérisateur automoteur", "Self-propelled sprayer", "Opryskiwacz samojezdny", "Selbstfahrspritze"],
    ],
  },
  {
    name: ["Épandeur", "Spreader", "Rozsiewacz", "Streuer"],
    types: [
      ["Épandeur d'engrais", "Fertiliser spreader", "Rozsiewacz nawozów", "Düngerstreuer"],
      ["Épandeur à fumier", "Manure spreader", "Rozrzutnik obornika", "Miststreuer"],
      ["Tonne à lisier", "Slurry tanker", "Wóz asenizacyjny", "Güllefass"],
    ],
  },
  {
    name: ["Outil de travail du sol", "Tillage tool", "Narzędzie do uprawy gleby", "Bodenbearbeitungsgerät"],
    types: [
      ["Charrue", "Plough", "Pług", "Pflug"],
      ["Déchaumeur", "Stubble cultivator", "Brona talerzowa", "Grubber"],
      ["Herse rotative", "Power harrow", "Brona aktywna", "Kreiselegge"],
      ["Rouleau", "Roller", "Wał", "Walze"],
    ],
  },
  {
    name: ["Remorque", "Trailer", "Przyczepa", "Anhänger"],
    types: [
      ["Benne céréalière", "Grain trailer", "Przyczepa zbożowa", "Getreidekipper"],
      ["Plateau fourrager", "Bale trailer", "Przyczepa do bel", "Ballenwagen"],
    ],
  },
  {
    name: ["Presse", "Baler", "Prasa", "Presse"],
    types: [
      ["Presse à balles rondes", "Round baler", "Prasa zwijająca", "Rundballenpresse"],
      ["Presse à balles carrées", "Square baler", "Prasa kostkująca", "Quaderballenpresse"],
    ],
  },
]
