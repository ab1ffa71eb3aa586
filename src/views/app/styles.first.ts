/**
 * The part of Mantine's CSS that a first visit to /signin shows: its form, the auth layout, the
 * pending and 404 pages (styles.first.test.ts keeps the list whole), in the order of styles.ts.
 * Every other screen waits for the whole of styles.ts first (frame.ts). Mantine's CSS variables
 * come from MantineProvider (AppProviders), not from a sheet.
 */
import "@mantine/core/styles/baseline.css"
import "@mantine/core/styles/global.css"
import "@mantine/core/styles/UnstyledButton.css"
import "@mantine/core/styles/VisuallyHidden.css"
import "@mantine/core/styles/Paper.css"
import "@mantine/core/styles/CloseButton.css"
import "@mantine/core/styles/Combobox.css"
import "@mantine/core/styles/Group.css"
import "@mantine/core/styles/Loader.css"
import "@mantine/core/styles/Input.css"
import "@mantine/core/styles/InlineInput.css"
import "@mantine/core/styles/Stack.css"
import "@mantine/core/styles/Text.css"
import "@mantine/core/styles/Title.css"
import "@mantine/core/styles/Anchor.css"
import "@mantine/core/styles/Button.css"
import "@mantine/core/styles/ActionIcon.css"
import "@mantine/core/styles/Alert.css"
import "@mantine/core/styles/Center.css"
import "@mantine/core/styles/Checkbox.css"
import "@mantine/core/styles/CheckboxIndicator.css"
import "@mantine/core/styles/PasswordInput.css"
