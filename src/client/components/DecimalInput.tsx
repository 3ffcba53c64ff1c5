/**
 * A react-admin input of a decimal number, written the Spanish way: a stored 0.15 shows "0,15", and
 * "0,15" or "0.15" may be typed (the schema's rule reads both). A text input, never type="number",
 * whose arrows and browser bubbles would speak another language.
 */
import { TextInput, type TextInputProps } from 'react-admin';
import { editableNumber } from '../../shared/format';

const shown = (value: unknown) => (value == null ? '' : editableNumber(value));

export const DecimalInput = (props: TextInputProps) => <TextInput inputMode="decimal" format={shown} {...props} />;
