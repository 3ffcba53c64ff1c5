import { defineResource, type FileRule, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { DOCUMENT_VISIBILITIES, DocumentVisibility } from '../src/shared/documents';

/**
 * A category of the document library (issue 17 §4; the category dialog: name, order). Staff write;
 * members list only the categories holding a document meant for them (scope hook).
 */
export const documentCategory = defineResource({
  name: 'documentCategory',
  label: { one: 'Categoría de documentos', many: 'Categorías de documentos' },
  titleField: 'name',
  search: ['name'],
  defaultSort: { field: 'position', order: 'ASC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.documentCategoryName, { max: 100 }) },
    {
      name: 'position',
      label: 'Orden',
      type: 'integer',
      list: true,
      helperText: 'Las categorías se muestran de menor a mayor orden',
      validate: (r) => r.integer({
        required: Msg.documentCategoryOrder,
        invalid: Msg.documentCategoryOrder,
        min: 0,
        max: 10_000,
        rangeMessage: Msg.documentCategoryOrder,
      }),
    },
  ],
});

/** The chosen clients of a document (visibility 3): client ids, none when missing, each once. */
const clientIds = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : v),
  r.z.array(r.rowId(Msg.referenceMissing), { error: Msg.documentClients })
    .max(1000, Msg.documentClients)
    .transform((ids) => [...new Set(ids)]),
);

/** A PDF or an image (PNG, JPEG) by content, up to 10 MB like the budgets' documents; required on create. */
const documentFileRule: FileRule = {
  kinds: ['pdf', 'png', 'jpeg'],
  typeMessage: Msg.documentFileType,
  requiredOnCreate: Msg.fileRequired,
  maxBytes: 10_000_000,
};

/**
 * A library document: data sheets, warranty terms, installation guides, certificates. Staff write; members
 * read those for all clients and those for chosen clients among which is theirs (scope hook), and download
 * them through GET /api/document/download/{id}, which checks that again on every download.
 */
export const document = defineResource({
  name: 'document',
  label: { one: 'Documento', many: 'Documentos' },
  titleField: 'title',
  search: ['title', 'description'],
  defaultSort: { field: 'title', order: 'ASC' },
  access: ACCESS.membersRead,
  dialogWidth: 720,
  // A member downloads through `download_url` (its `file` is null) and never learns the other chosen clients.
  answer: (r) => ({
    client_ids: r.z.array(r.z.number().int()).optional().describe('Clientes elegidos; sólo para el personal'),
    download_url: r.z.string().nullable().describe('Enlace de descarga del archivo, comprobado en cada descarga'),
    file_extension: r.z.string().nullable().describe('Extensión del archivo: pdf, png o jpg'),
  }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    {
      name: 'title',
      label: 'Título',
      type: 'text',
      list: true,
      fullWidth: true,
      validate: (r) => r.text(Msg.documentTitle, { max: 200 }),
    },
    {
      name: 'document_category_id',
      label: 'Categoría',
      type: 'reference',
      reference: 'documentCategory',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.documentCategory),
      whenNoChoices: { text: Msg.documentCategoryFirst, linkText: Msg.documentCategoryCreate, to: '/documentos?pestana=categorias&alta=1' },
    },
    {
      name: 'visibility',
      label: 'Visibilidad',
      type: 'select',
      choices: DOCUMENT_VISIBILITIES,
      list: true,
      filter: true,
      // For chosen clients, how many (the list's column names them).
      text: (record) => {
        const name = DOCUMENT_VISIBILITIES.find((v) => v.value === record.visibility)?.label ?? '';
        const chosen = Array.isArray(record.client_ids) ? record.client_ids.length : 0;
        return record.visibility === DocumentVisibility.chosenClients ? `${name} (${chosen})` : name;
      },
      validate: (r) => r.oneOf(
        DOCUMENT_VISIBILITIES.map((v) => v.value),
        Msg.documentVisibility,
      ),
    },
    { name: 'client_ids', label: 'Clientes elegidos', type: 'json', validate: (r) => clientIds(r) },
    { name: 'description', label: 'Descripción', type: 'textarea', fullWidth: true, validate: (r) => r.text(null, { max: 5000 }) },
    { name: 'file', label: 'Archivo (PDF o imagen)', type: 'file', file: documentFileRule },
    { name: 'updated_at', label: 'Actualizado', type: 'datetime', list: true },
  ],
  refine(data, ctx) {
    if (Number(data.visibility) === DocumentVisibility.chosenClients && Array.isArray(data.client_ids) && !data.client_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['client_ids'], message: Msg.documentClients });
    }
  },
});
