import type { NamespaceScreensTranslation } from "../../i18n/i18n-types"

/** Every screen name the product knows (SPEC §2), as its i18n key under `screens`. */
export type ScreenKey = keyof NamespaceScreensTranslation
