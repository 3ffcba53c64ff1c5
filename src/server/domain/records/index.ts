/**
 * The generic resource engine: list, read, dropdowns, create, update and delete of any schema
 * resource, with role checks, client scoping, validation by the schema's zod rules, file fields and an
 * audit row per change, each change in one transaction. Routes stay thin and call these functions.
 * One file per job: access, filters, lists, reads, writes, presentation, and the schema's shape.
 */
export { assertAccess } from './access';
export type { RecordContext, ResourceHooks, Row } from './context';
export { allRecords, DEFAULT_PER_PAGE, listRecords, MAX_PAGE, MAX_PER_PAGE } from './lists';
export { toApi } from './presentation';
export { dropdown, dropdownById, getRecord, mayFetchFile } from './reads';
export { tableOf, useTableFor, type DeclaredResource } from './shape';
export { createRecord, deleteRecord, updateRecord } from './writes';
