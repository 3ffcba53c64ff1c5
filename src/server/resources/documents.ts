/** The document library's hooks: members' scopes, the chosen clients written with their document, categories in use. */
import type { ResourceHooks } from '../domain/records';
import {
  assertCategoryEmpty,
  memberDocumentCategories,
  listedDocumentDetails,
  memberDocuments,
  syncDocumentClients,
  withDocumentDetails,
} from '../domain/documents';

export const documentHooks: ResourceHooks = {
  scope: (user, binder) => memberDocuments(binder.bind(user.client_id ?? -1)),
  expand: withDocumentDetails,
  listRelated: listedDocumentDetails,
  async afterWrite({ tx, mode, after, data }) {
    // The chosen clients join the record's audit row.
    return mode !== 'delete' && after && data
      ? syncDocumentClients(tx, after.id as number, Number(after.visibility), (data.client_ids ?? []) as number[])
      : undefined;
  },
};

export const documentCategoryHooks: ResourceHooks = {
  scope: (user, binder) => memberDocumentCategories(binder.bind(user.client_id ?? -1)),
  beforeDelete: ({ tx, existing }) => assertCategoryEmpty(tx, existing.id as number),
};
