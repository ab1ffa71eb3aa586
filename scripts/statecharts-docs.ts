import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { docFiles, docsDir } from "./statecharts/files"

/** Writes docs/statecharts/ from the charts (and removes the page of a chart that no longer exists). */
mkdirSync(docsDir, { recursive: true })
const files = docFiles()
const wanted = new Set(files.map((f) => f.path))
for (const name of readdirSync(docsDir)) {
  if (name.endsWith(".md") && !wanted.has(`${docsDir}/${name}`)) rmSync(`${docsDir}/${name}`)
}
for (const file of files) writeFileSync(file.path, file.text)
console.log(`wrote ${files.length} files in ${docsDir}/`)
