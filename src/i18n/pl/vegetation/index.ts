import type { NamespaceVegetationTranslation } from "../../i18n-types"

const pl_vegetation = {
  intro:
    "Indeks NDVI mierzony przez satelity Sentinel-2 (Copernicus), od 0 (goła gleba) do 1 (gęsta roślinność): jedna wartość co 5 dni, z pikseli pola bez chmur.",
  season: "Sezon",
  field: "Pole",
  fieldPlaceholder: "Wybierz pole",
  loading: "Wczytywanie pól…",
  loadFailed: "Nie udało się wczytać pól.",
  retry: "Spróbuj ponownie",
  none: "Brak pól: zaimportuj swoje działki, aby śledzić ich roślinność.",
  notConfigured: {
    title: "Indeks wegetacji nie jest skonfigurowany na tym serwerze",
    text: "Potrzebny jest dostęp do Copernicus Data Space Ecosystem (bezpłatne konto na dataspace.copernicus.eu, a następnie klient OAuth). Administrator serwera musi ustawić:",
    after: "a potem ponownie uruchomić serwer.",
  },
  map: {
    legend: "Najnowszy NDVI",
    noValue: "Brak wartości",
    pick: "Dotknij pola na mapie lub wybierz je z listy, aby zobaczyć jego krzywą.",
  },
  curve: {
    title: "NDVI pola {name} w {year}",
    fetching: "Pobieranie zdjęć satelitarnych… (może to potrwać minutę)",
    updated: "Zdjęcia do {date} · zaktualizowano {fetched}",
    latest: "Ostatnia wartość: {value} dnia {date}",
    counts: "Pomiary: {clear} · okresy zbyt zachmurzone: {cloudy} (przerwy w krzywej)",
    nothing: "Na razie brak przydatnych zdjęć w tym sezonie.",
    failed: "Nie udało się wczytać krzywej.",
    ndvi: "NDVI",
    day: "Dzień",
  },
} satisfies NamespaceVegetationTranslation

export default pl_vegetation
