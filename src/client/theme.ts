/** The app's theme: react-admin's, with our palette and MUI's texts in Spanish (brand.ts). */
import { defaultTheme } from 'react-admin';
import { components, palette, transitions } from './brand';

type Components = NonNullable<typeof defaultTheme.components>;

/** Two sets of component settings, each component's default props and style overrides merged. */
function mergeComponents(base: Components, extra: Components): Components {
  const merged: Record<string, Record<string, object>> = { ...base } as never;
  for (const [name, settings] of Object.entries(extra) as Array<[string, Record<string, object>]>) {
    const current = merged[name] ?? {};
    merged[name] = { ...current, ...settings, defaultProps: { ...current.defaultProps, ...settings.defaultProps } };
  }
  return merged as Components;
}

export const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...palette },
  transitions,
  // MUI's own texts in Spanish and ours never upper-cased (brand.ts), over react-admin's defaults.
  components: mergeComponents(mergeComponents(defaultTheme.components ?? {}, components as Components), {
    // The search box has no label: as tall as the labelled filters beside it, so their lines align.
    RaSearchInput: { styleOverrides: { root: { '& .MuiFilledInput-input': { paddingTop: 12, paddingBottom: 13 } } } },
  } as Components),
};
