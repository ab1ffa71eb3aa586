import { lazyEffect } from "../../services/lazy"
import { fieldImportMachine } from "./fieldImport"

export const liveFieldImportMachine = fieldImportMachine.provide({
  actors: {
    previewFile: lazyEffect((live, file) => live.fields.preview(file)),
    importFile: lazyEffect((live, request) => live.fields.importFile(request)),
  },
})
