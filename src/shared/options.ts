/**
 * A select option as the dropdown endpoints answer it (docs/data.md "Select option"): the generic `getDropdown`
 * of every resource (server: src/server/domain/records/reads.ts) and the hand-written pickers (reel sizes and
 * diameters, ordered budgets). Declared once here so the pickers of both sides read the same shape.
 */
export interface SelectOption<V = number> {
  label: string;
  value: V;
  /** The resource's extra datum (its `extraField`), or what the picker needs beside the value. */
  extra?: unknown;
}
