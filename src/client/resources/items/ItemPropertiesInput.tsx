/**
 * The article's properties (at most 3, docs/business-rules.md), each with its options: every combination of one
 * option per property becomes a variation when the article is saved.
 */
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, Button, SimpleFormIterator, TextInput, useSimpleFormIterator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_ITEM_PROPERTIES } from '../../../../schemas/item';
import type { ItemFormValues, ItemOption, ItemProperty } from './itemApi';

/** Adds a prefilled entry: a new property comes with one empty option, ready to be named. */
function AddEntryButton({ label, entry }: { label: string; entry: ItemProperty | ItemOption }) {
  const { add } = useSimpleFormIterator();
  return <Button label={label} onClick={() => add(structuredClone(entry))}><AddIcon /></Button>;
}

export function ItemPropertiesInput() {
  const properties = useWatch<ItemFormValues, 'item_properties'>({ name: 'item_properties' });
  const full = (properties?.length ?? 0) >= MAX_ITEM_PROPERTIES;
  return (
    <ArrayInput
      source="item_properties"
      label="Propiedades"
      helperText={full ? `Un artículo puede tener como máximo ${MAX_ITEM_PROPERTIES} propiedades` : false}
    >
      <SimpleFormIterator
        disableClear
        disableAdd={full}
        getItemLabel={(index) => `${index + 1}.`}
        addButton={<AddEntryButton label="Añadir propiedad" entry={{ name: '', item_property_options: [{ name: '' }] }} />}
      >
        <TextInput source="name" label="Propiedad" helperText={false} />
        <ArrayInput source="item_property_options" label="Opciones">
          <SimpleFormIterator
            inline
            disableClear
            disableReordering
            addButton={<AddEntryButton label="Añadir opción" entry={{ name: '' }} />}
          >
            <TextInput source="name" label="Opción" helperText={false} fullWidth={false} sx={{ width: 200 }} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
