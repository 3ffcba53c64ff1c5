/**
 * /stock-and-prices/articles-management: the articles, filtered by text, category and orillo bisagra.
 * "Añadir" and a row open the article dialog; each row also leads to its variations.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import ListIcon from '@mui/icons-material/ListAlt';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Button,
  ChipField,
  Datagrid,
  FilterButton,
  List,
  Pagination,
  ReferenceArrayField,
  ReferenceArrayInput,
  SingleFieldList,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { ListSearchInput } from '../../components/ListSearchInput';
import { item } from '../../../../schemas/item';
import type { FieldDef } from '../../../shared/resource';
import { fieldColumn } from '../generated/columns';
import { ItemDialog } from './ItemDialog';
import { foldFiltersOnPhone, PhoneOrTable } from '../../components/phoneList';
import { usePhone } from '../../components/usePhone';
import { formatEuros } from '../../../shared/format';
import { itemManagementPath } from './paths';

const COLUMNS = ['image', 'name', 'reference', 'default_price', 'is_orillo_bisagra'];

const filters = [
  <ListSearchInput source="q" alwaysOn key="q" />,
  <ReferenceArrayInput
    source="categories_ids"
    reference="category"
    key="categories_ids"
    alwaysOn
    perPage={100}
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteArrayInput
      label="Categorías"
      sx={{ minWidth: 240 }}
      filterToQuery={(q) => ({ q })}
      noOptionsText="app.no_match"
      loadingText="app.loading"
    />
  </ReferenceArrayInput>,
  <BooleanInput source="is_orillo_bisagra" label="Orillo bisagra" key="is_orillo_bisagra" />,
];

function VariationsButton() {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button
      label="Variaciones"
      onClick={(e) => {
        e.stopPropagation();
        navigate(itemManagementPath(record.id));
      }}
    >
      <ListIcon />
    </Button>
  );
}

export default function ItemPage() {
  // null: closed; {}: Añadir; { id }: Editar.
  const [dialog, setDialog] = useState<{ id?: number } | null>(null);
  const phone = usePhone();
  return (
    <>
      <List
        resource="item"
        title="Artículos"
        filters={foldFiltersOnPhone(filters, phone)}
        sort={item.defaultSort}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
        storeKey="item.articles"
        actions={
          <TopToolbar>
            <FilterButton />
            <Button label="Añadir" onClick={() => setDialog({})} variant="contained"><AddIcon /></Button>
          </TopToolbar>
        }
        empty={false}
      >
        <PhoneOrTable<RaRecord>
          primary={(record) => String(record.name)}
          secondary={(record) => `${record.reference} · ${formatEuros(Number(record.default_price))}`}
          onOpen={(record) => setDialog({ id: Number(record.id) })}
          actions={<VariationsButton />}
          table={
            <Datagrid rowClick={(id) => { setDialog({ id: Number(id) }); return false; }} bulkActionButtons={false}>
              {COLUMNS.map((name) => fieldColumn(item.fields.find((f) => f.name === name) as FieldDef, item.titleField))}
              <ReferenceArrayField label="Categorías" source="categories_ids" reference="category" sortable={false}>
                <SingleFieldList linkType={false}><ChipField source="name" size="small" /></SingleFieldList>
              </ReferenceArrayField>
              <VariationsButton />
            </Datagrid>
          }
        />
      </List>
      {dialog && <ItemDialog id={dialog.id} onClose={() => setDialog(null)} />}
    </>
  );
}
