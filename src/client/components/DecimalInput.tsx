/**
 * The react-admin inputs of a number, written the Spanish way (docs/validation.md): a stored 0.15 shows
 * "0,15", and "0,15", "0.15" or "1.234,5" may be typed (the schema's rule, readNumber, reads them). Text
 * inputs, never type="number", whose arrows and browser bubbles would speak another language and which
 * drop a comma. NumberField is the same for plain MUI forms.
 */
import { TextInput, useRecordContext, type TextInputProps } from 'react-admin';
import { editableNumber } from '../../shared/format';
import { numberInputMode } from './NumberField';

/**
 * Only the value as loaded is written the Spanish way, with its field's decimals ("1.234,50"): re-writing
 * what is being typed would change it under the person's fingers ("2.0" shown as "2" while typing "2.05"
 * made it "25").
 */
function useEditable(source: string, places?: number) {
  const record = useRecordContext();
  return (value: unknown) => (value == null ? '' : value === record?.[source] ? editableNumber(value, places) : value);
}

/**
 * The input element's own `inputMode` (the phone's keypad). Given to TextInput itself it lands on the
 * field's outer box, where no phone reads it.
 */
export const withInputMode = (inputMode: string): TextInputProps['slotProps'] => ({ htmlInput: { inputMode } });

/** `places`: the field's decimals, shown on the stored value (a price 1234.5 opens as "1.234,50"). */
export const DecimalInput = ({ places, ...props }: TextInputProps & { places: number }) => (
  <TextInput autoComplete="off" format={useEditable(props.source, places)} slotProps={withInputMode(numberInputMode())} {...props} />
);

export const IntegerInput = (props: TextInputProps) => (
  <TextInput autoComplete="off" format={useEditable(props.source)} slotProps={withInputMode(numberInputMode(true))} {...props} />
);
