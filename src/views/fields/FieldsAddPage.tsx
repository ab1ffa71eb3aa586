import { Stack, Tabs, Title } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { FieldDrawPanel } from "./FieldDrawPanel"
import { FieldsImportPanel } from "./FieldsImportPanel"

/** /FieldsAdd: import fields from a file (first: what a farmer does first), or draw one by hand. */
export const FieldsAddPage = () => {
  const { LL } = useI18nContext()
  const [tab, setTab] = useState<string | null>("import")
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.fieldsAdd()}</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List style={{ flexWrap: "wrap" }}>
          <Tabs.Tab value="import" style={{ minHeight: 44 }}>
            {LL.fields.draw.importTab()}
          </Tabs.Tab>
          <Tabs.Tab value="draw" style={{ minHeight: 44 }}>
            {LL.fields.draw.tab()}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="import" pt="md">
          <FieldsImportPanel />
        </Tabs.Panel>
        <Tabs.Panel value="draw" pt="md">
          <FieldDrawPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
