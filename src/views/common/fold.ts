/** Text as a search compares it: without accents, in lower case ("Écurie" finds "ecurie"). */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
