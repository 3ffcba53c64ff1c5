/**
 * The staff's library: the documents (search, category and visibility filters, the document dialog with
 * its chosen clients) and, on a second tab, the categories (the category dialog: name, order).
 */
import { useSearchParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ChipField,
  FunctionField,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceInput,
  SingleFieldList,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { document as documentSchema, documentCategory } from '../../../../schemas/document';
import { DocumentVisibility } from '../../../shared/documents';
import { fieldText } from '../../../shared/fieldText';
import { ResourcePage } from '../generated/ResourcePage';
import { DownloadButton } from './DownloadButton';
import type { LibraryDocument } from './documentApi';

const label = (name: string) => documentSchema.fields.find((f) => f.name === name)!.label;

/** The chosen clients, asked for only while the document is for chosen clients. */
function ChosenClientsInput() {
  const visibility = useWatch({ name: 'visibility' });
  if (Number(visibility) !== DocumentVisibility.chosenClients) return null;
  return (
    <ReferenceArrayInput source="client_ids" reference="client" perPage={50}>
      <AutocompleteArrayInput
        label={label('client_ids')}
        fullWidth
        filterToQuery={(q) => ({ q })}
        noOptionsText="app.no_match"
        loadingText="app.loading"
        helperText={false}
      />
    </ReferenceArrayInput>
  );
}

/** Who sees it, as text (phone rows, the CSV export): the schema's. */
const visibilityField = documentSchema.fields.find((f) => f.name === 'visibility')!;

/** Who sees it: the visibility, and for chosen clients their names. */
const visibilityColumn = (
  <FunctionField key="visibility" source="visibility" label={label('visibility')} render={(record: LibraryDocument) => (
    record.visibility === DocumentVisibility.chosenClients
      ? (
          <ReferenceArrayField record={record} source="client_ids" reference="client">
            <SingleFieldList linkType={false} sx={{ gap: 0.5 }}><ChipField source="name" size="small" /></SingleFieldList>
          </ReferenceArrayField>
        )
      : fieldText(visibilityField, { visibility: record.visibility, client_ids: record.client_ids })
  )} />
);

const downloadColumn = (
  <FunctionField
    key="download"
    label="Archivo"
    sortable={false}
    render={(record: LibraryDocument) => <DownloadButton document={record} compact />}
  />
);

const categoryFilter = (
  <ReferenceInput source="document_category_id" reference="documentCategory" alwaysOn key="document_category_id">
    <AutocompleteInput
      label={label('document_category_id')}
      filterToQuery={(q) => ({ q })}
      noOptionsText="app.no_match"
      loadingText="app.loading"
    />
  </ReferenceInput>
);

/**
 * The tab is in the address (`?pestana=categorias`), so a link can open the categories, and with
 * `&alta=1` their new-category dialog (the document dialog's «Crear una categoría»).
 */
export function StaffDocuments() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') === 'categorias' ? 1 : 0;
  const setTab = (value: number) => setParams(value === 1 ? { pestana: 'categorias' } : {});
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, value) => setTab(value)} aria-label="Biblioteca de documentos">
          <Tab label="Documentos" />
          <Tab label="Categorías" />
        </Tabs>
      </Box>
      {tab === 0 ? (
        <ResourcePage
          schema={documentSchema}
          title="Documentos"
          // Staff only until someone chooses otherwise: nothing reaches clients by accident.
          createDefaults={{ visibility: DocumentVisibility.staff }}
          overrides={{
            document_category_id: { filter: categoryFilter },
            visibility: { column: visibilityColumn },
          }}
          dialog={{ children: <ChosenClientsInput /> }}
          extraColumns={[downloadColumn]}
        />
      ) : (
        <ResourcePage schema={documentCategory} title="Documentos" createOnOpen={params.get('alta') === '1'} />
      )}
    </>
  );
}
