/**
 * react-admin's select, date and switch inputs for a list's filters, loaded once the list's first rows are
 * drawn (firstScreen.ts): they, and MUI's Select, Switch and FormControlLabel under them, are not needed for
 * those rows (issue 46: the first row with the least JavaScript). Until then a disabled box of the same size
 * holds each one's place, so the filter bar does not move when the input arrives. A filter added later from
 * «Añadir filtro» loads the same way.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Box, Typography } from '@mui/material';
import { TextInput, type BooleanInputProps, type DateInputProps, type SelectInputProps, type TextInputProps } from 'react-admin';
import { useFirstScreenShown } from '../../providers/firstScreen';

/** `input` of filterInputs.ts, typed with the props its filters are given here. */
function afterFirstScreen<P extends object>(input: keyof typeof import('./filterInputs'), Placeholder: ComponentType<P>) {
  const Input = lazy(() => import('./filterInputs').then((inputs) => ({ default: inputs[input] as ComponentType<P> })));
  return function LazyFilterInput(props: P) {
    const placeholder = <Placeholder {...props} />;
    if (!useFirstScreenShown()) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Input {...props} />
      </Suspense>
    );
  };
}

/** The box of a filter whose input takes no width of its own (a select's, an autocomplete's): with its label, empty. */
const EMPTY_INPUT = { '& .MuiInputBase-input': { width: 0, minWidth: 30 } };

type BoxProps = { source?: string } & Pick<TextInputProps, 'label' | 'sx'>;
const sxList = (sx: TextInputProps['sx']) => (Array.isArray(sx) ? sx : [sx]);

/** A filter's place, held by react-admin's own box, disabled, showing its label and no value. */
export const EmptyFilterBox = ({ source = '', label, sx }: BoxProps) => (
  <TextInput source={source} label={label} disabled format={() => ''} helperText={false} sx={[EMPTY_INPUT, ...sxList(sx)]} />
);

/** A select's place: as wide as react-admin's select with nothing chosen (its own least width, 20 spacing units). */
const EmptySelect = ({ sx, ...props }: BoxProps) => (
  <EmptyFilterBox {...props} sx={[{ minWidth: (theme) => theme.spacing(20) }, ...sxList(sx)]} />
);

/** A date's place: react-admin's box around the browser's own date input, as DateInput draws it. */
const EmptyDate = ({ source = '', label, sx }: BoxProps) => (
  <TextInput
    source={source}
    label={label}
    type="date"
    disabled
    format={() => ''}
    helperText={false}
    sx={sx}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/**
 * A switch's place, as BooleanInput lays out a filter's small switch (40 × 24 px) and its label beside it:
 * the switch pulled 11 px left of its box, 16 px after the label.
 */
const EmptySwitch = ({ label, sx }: BooleanInputProps) => (
  <Box sx={[{ display: 'flex' }, ...sxList(sx)]} aria-hidden>
    <Box sx={{ display: 'inline-flex', alignItems: 'center', ml: '-11px', mr: 2 }}>
      <Box sx={{ width: 40, height: 24 }} />
      <Typography component="span">{typeof label === 'string' ? label : null}</Typography>
    </Box>
  </Box>
);

export const SelectFilterInput = afterFirstScreen<SelectInputProps & { alwaysOn?: boolean }>('SelectInput', EmptySelect);
export const DateFilterInput = afterFirstScreen<DateInputProps & { alwaysOn?: boolean }>('DateInput', EmptyDate);
export const BooleanFilterInput = afterFirstScreen<BooleanInputProps & { alwaysOn?: boolean }>('BooleanInput', EmptySwitch);
