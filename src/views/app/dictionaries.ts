import { loadNamespaces, type Namespaces } from "../../i18n/locale"

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * The dictionary namespaces this route's own screens use (src/i18n/locale.ts), loaded before
     * it shows; dictionaries.test.ts checks none is missing.
     */
    readonly namespaces?: ReadonlyArray<Namespaces>
  }
}

/** The root route's `beforeLoad`: a screen shows once the namespaces of its routes are loaded. */
export const dictionariesFor = (
  routes: ReadonlyArray<{ readonly staticData?: { readonly namespaces?: ReadonlyArray<Namespaces> } }>,
): Promise<void> => loadNamespaces(routes.flatMap((route) => route.staticData?.namespaces ?? []))
