import type { MessageCode } from "../schema/messages"
import type { TranslationFunctions } from "./i18n-types"

/**
 * A server message code in the reader's language. The booking conflict names the resources
 * ('The resource … is no longer available', or 'The resources … are no longer available' for
 * several), an invalid outline names its field; without the names it says "…".
 */
export const errorText = (LL: TranslationFunctions, code: MessageCode, names?: string): string =>
  code === "resourceUnavailable" || code === "resourcesUnavailable" || code === "fieldGeometryInvalid"
    ? LL.errors[code]({ name: names ?? "…" })
    : LL.errors[code]()
