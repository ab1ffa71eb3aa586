import { Button, Fieldset, Group, NativeSelect, Stack, TextInput } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { type Locales, locales } from "../../i18n/locale"
import type { FieldErrors } from "../../machines/lib/form"
import type { Me } from "../../schema/user"
import { RequiredSummary, useFieldError } from "../common/FormMessages"
import { type ProfileValues, toEdit, valuesOf } from "./profileValues"

/** The profile fields; the parent validates and saves through the profile chart. */
export const ProfileForm = ({
  me,
  errors,
  busy,
  onSave,
}: {
  me: Me
  errors: FieldErrors
  busy: boolean
  onSave: (edit: ReturnType<typeof toEdit>) => void
}) => {
  const { LL, locale } = useI18nContext()
  const fieldError = useFieldError()
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(me, locale))
  const field = (name: keyof ProfileValues, path: string = name, required = false) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: e.currentTarget.value }),
    error: fieldError(errors[path]),
    required,
  })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave(toEdit(values))
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={LL.profile.identity()} radius="md">
          <Stack gap="sm">
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={LL.profile.firstname()}
                autoComplete="given-name"
                miw={200}
                {...field("firstname", "firstname", true)}
              />
              <TextInput
                label={LL.profile.lastname()}
                autoComplete="family-name"
                miw={200}
                {...field("lastname", "lastname", true)}
              />
            </Group>
            <TextInput label={LL.profile.name()} {...field("name")} />
            <TextInput label={LL.profile.email()} value={me.email} readOnly variant="filled" />
          </Stack>
        </Fieldset>
        <Fieldset legend={LL.profile.contact()} radius="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={LL.profile.mobile()}
              type="tel"
              autoComplete="tel"
              miw={200}
              {...field("mobile")}
            />
            <TextInput label={LL.profile.phone()} type="tel" miw={200} {...field("phone")} />
          </Group>
        </Fieldset>
        <Fieldset legend={LL.profile.address()} radius="md">
          <Stack gap="sm">
            <TextInput
              label={LL.profile.street()}
              autoComplete="address-line1"
              {...field("street", "address.street", true)}
            />
            <TextInput
              label={LL.profile.complement()}
              autoComplete="address-line2"
              {...field("complement", "address.complement")}
            />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={LL.profile.postalCode()}
                autoComplete="postal-code"
                miw={140}
                {...field("postalCode", "address.postalCode", true)}
              />
              <TextInput
                label={LL.profile.city()}
                autoComplete="address-level2"
                miw={200}
                {...field("city", "address.city", true)}
              />
            </Group>
            <TextInput
              label={LL.profile.country()}
              autoComplete="country-name"
              {...field("country", "address.country", true)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={LL.profile.preferences()} radius="md">
          <NativeSelect
            label={LL.language.label()}
            value={values.language}
            data={locales.map((value) => ({ value, label: LL.language[value]() }))}
            onChange={(e) => setValues({ ...values, language: e.currentTarget.value as Locales })}
          />
        </Fieldset>
        <RequiredSummary errors={errors} />
        <Button type="submit" size="lg" loading={busy} style={{ alignSelf: "flex-start" }} miw={200}>
          {LL.profile.save()}
        </Button>
      </Stack>
    </form>
  )
}
