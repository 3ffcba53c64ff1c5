/**
 * A number in a plain MUI form, typed the Spanish way (docs/validation.md: "2,5", "1.234,5"). A text
 * input that keeps exactly what is typed, for the form's rule (the schema's, read by readNumber) to
 * refuse in Spanish under the field; never type="number", which drops a comma ("2,5" became 25), has
 * arrows and speaks in browser bubbles. The react-admin inputs are DecimalInput and IntegerInput.
 */
import { TextField, type InputBaseComponentProps, type TextFieldProps } from '@mui/material';

export type NumberFieldProps = Omit<TextFieldProps, 'type' | 'inputProps' | 'slotProps'> & {
  /** A whole number: phones offer the digits keypad. */
  whole?: boolean;
  /** The input element's own attributes, e.g. its aria-label. */
  htmlInput?: InputBaseComponentProps;
};

export const NumberField = ({ whole, htmlInput, ...props }: NumberFieldProps) => (
  <TextField autoComplete="off" {...props} slotProps={{ htmlInput: { inputMode: numberInputMode(whole), ...htmlInput } }} />
);

/** The keypad phones offer for a number: digits only for a whole one, with the decimal comma otherwise. */
export const numberInputMode = (whole?: boolean) => (whole ? 'numeric' : 'decimal');
