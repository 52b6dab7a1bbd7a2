import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Raspberry "jam": shade 8 is the primary so white text on it passes WCAG AA contrast.
const jam: MantineColorsTuple = [
  '#fff0f6',
  '#ffdeeb',
  '#fcc2d7',
  '#faa2c1',
  '#f783ac',
  '#f06595',
  '#e64980',
  '#d6336c',
  '#c2255c',
  '#a61e4d',
];

// Deep navy for headings and text accents.
const ink: MantineColorsTuple = [
  '#eef2f9',
  '#dbe2ef',
  '#b4c2de',
  '#8aa0cc',
  '#6883bd',
  '#5270b4',
  '#4566b0',
  '#36559b',
  '#2d4b8b',
  '#1b2b4b',
];

const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'jam',
  primaryShade: 8,
  colors: { jam, ink },
  fontFamily,
  headings: { fontFamily, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A system set to reduce motion gets no transitions from Mantine's components.
  respectReducedMotion: true,
});
