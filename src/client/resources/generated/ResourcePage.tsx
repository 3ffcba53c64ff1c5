/**
 * The generated screen of a schema resource: a filtered, paged list whose rows open the edit dialog,
 * and an "Añadir" button for the create dialog. Role checks come from the same declaration.
 */
import { lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import {
  Button, Datagrid, FilterButton, List, Pagination, TextInput, TopToolbar, useCanAccess,
  type RaRecord,
} from 'react-admin';
import { ListSearchInput } from '../../components/ListSearchInput';
import { BooleanFilterInput, SelectFilterInput } from './lazyFilterInputs';
import { ReferenceFilter } from './referenceFilter';
import type { FieldDef, ResourceSchema } from '../../../shared/resource';
import { fieldText } from '../../../shared/fieldText';
import { ExportCsvButton } from './ExportCsvButton';
import { fieldColumn, toChoices } from './columns';
import { foldFiltersOnPhone, PhoneOrTable } from '../../components/phoneList';
import { usePhone } from '../../components/usePhone';
import type { RecordDialogProps } from './RecordDialog';

/**
 * The dialog, its form and inputs (and react-admin's form parts they bring) load when a dialog first opens,
 * not before the list's first row (issue 46).
 */
const RecordDialog = lazy(() => import('./RecordDialog').then((m) => ({ default: m.RecordDialog })));

export interface FieldOverride {
  column?: ReactElement;
  filter?: ReactElement;
}

export interface ResourcePageProps {
  schema: ResourceSchema;
  title?: string;
  /** A filter the user cannot remove (e.g. one client's users). */
  permanentFilter?: Record<string, unknown>;
  createDefaults?: Record<string, unknown>;
  locked?: string[];
  /** Columns to show, in order; default: the schema's `list` fields. */
  columns?: string[];
  /** A field shown or filtered otherwise than its type says (its text, on phones and in the CSV, is the schema's). */
  overrides?: Record<string, FieldOverride>;
  dialog?: Partial<RecordDialogProps>;
  /** Replaces the edit dialog (e.g. a read-only detail). */
  renderDetail?: (id: number, close: () => void) => ReactNode;
  extraColumns?: ReactNode[];
  extraFilters?: ReactElement[];
  /** Opens the new-record dialog at once (a link that says «create one»). */
  createOnOpen?: boolean;
}

function filterInput(field: FieldDef) {
  const common = { source: field.name, label: field.label };
  const key = field.name;
  switch (field.type) {
    case 'boolean': return <BooleanFilterInput key={key} {...common} />;
    case 'select': return <SelectFilterInput key={key} {...common} choices={toChoices(field)} />;
    case 'reference': return <ReferenceFilter key={key} {...common} reference={field.reference!} />;
    default: return <TextInput key={key} {...common} />;
  }
}

/** A permanent filter's single values preset new records (a list of ids does not). */
const scalarValues = (filter: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => !Array.isArray(v)));

const UNREADABLE_ON_PHONE = new Set<FieldDef['type']>(['image', 'file', 'reference', 'json', 'password']);

/** Some listed fields of a record as one line of text, as the table's cells say them. */
const phoneText = (fields: FieldDef[], record: RaRecord) => fields.map((field) => fieldText(field, record)).filter(Boolean).join(' · ');

export function ResourcePage({
  schema,
  title,
  permanentFilter,
  createDefaults,
  locked,
  columns,
  overrides = {},
  dialog,
  renderDetail,
  extraColumns = [],
  extraFilters = [],
  createOnOpen = false,
}: ResourcePageProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(createOnOpen);
  const { canAccess: canCreate } = useCanAccess({ resource: schema.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: schema.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: schema.name, action: 'delete' });

  const filters = [
    <ListSearchInput source="q" alwaysOn key="q" />,
    ...schema.fields
      .filter((f) => f.filter && f.type !== 'datetime' && !(permanentFilter && f.name in permanentFilter))
      .map((f) => overrides[f.name]?.filter ?? filterInput(f)),
    ...extraFilters,
  ];
  const shownColumns = columns
    ? columns.map((name) => schema.fields.find((f) => f.name === name)).filter((f): f is FieldDef => !!f)
    : schema.fields.filter((f) => f.list);
  // A phone shows each row as its title, then two more columns that read as text.
  const textColumns = shownColumns
    .filter((field) => !UNREADABLE_ON_PHONE.has(field.type))
    .sort((a, b) => Number(b.name === schema.titleField) - Number(a.name === schema.titleField));
  const phone = usePhone();
  const close = () => {
    setEditing(null);
    setCreating(false);
  };
  const openRow = canEdit || renderDetail;

  return (
    <>
      <List
        resource={schema.name}
        title={title ?? schema.label.many}
        filters={foldFiltersOnPhone(filters, phone)}
        filter={permanentFilter}
        sort={schema.defaultSort}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
        exporter={false}
        storeKey={`${schema.name}.${JSON.stringify(permanentFilter ?? {})}`}
        actions={
          <TopToolbar>
            <FilterButton />
            {canCreate && (
              <Button label="Añadir" onClick={() => setCreating(true)} variant="contained">
                <AddIcon />
              </Button>
            )}
            <ExportCsvButton filename={schema.label.many} />
          </TopToolbar>
        }
        empty={false}
      >
        <PhoneOrTable<RaRecord>
          primary={(record) => phoneText(textColumns.slice(0, 1), record) || `Nº ${record.id}`}
          secondary={(record) => phoneText(textColumns.slice(1, 3), record)}
          onOpen={openRow ? (record) => setEditing(Number(record.id)) : undefined}
          actions={extraColumns.length ? extraColumns : undefined}
          table={
            <Datagrid
              rowClick={
                openRow
                  ? (id) => {
                      setEditing(Number(id));
                      return false;
                    }
                  : false
              }
              bulkActionButtons={false}
            >
              {shownColumns.map((field) => overrides[field.name]?.column ?? fieldColumn(field, schema.titleField))}
              {extraColumns}
            </Datagrid>
          }
        />
      </List>
      {/* While a dialog's code loads, the list stays as it is (no fallback in its place). */}
      <Suspense fallback={null}>
        {creating && (
          <RecordDialog
            schema={schema}
            mode="create"
            onClose={close}
            defaults={{ ...createDefaults, ...scalarValues(permanentFilter) }}
            locked={locked}
            {...dialog}
          />
        )}
        {editing !== null
          && (renderDetail ? (
            renderDetail(editing, close)
          ) : (
            <RecordDialog schema={schema} mode="update" id={editing} onClose={close} locked={locked} canDelete={canDelete} {...dialog} />
          ))}
      </Suspense>
    </>
  );
}
