/**
 * The budget's files (docs/api.md: attached files, payment proofs), through their resources' generic calls: with
 * the files' section only, so that the budgets list does not bring their schemas (schemas/budget.ts).
 */
import { attachedFile, budgetPaycheck } from '../../../../schemas/budget';
import { resourceContracts, type RecordOf } from '../../../shared/contracts/records';
import { call } from '../../providers/http';

/** The two file kinds of docs/data.md: attached files hang from a calculation, payment proofs from a budget. */
export type FileKind = 'attachedFile' | 'budgetPaycheck';
export const OWNER_FIELD: Record<FileKind, 'budget_calculus_id' | 'budget_id'> = {
  attachedFile: 'budget_calculus_id',
  budgetPaycheck: 'budget_id',
};

const fileContracts = { attachedFile: resourceContracts(attachedFile), budgetPaycheck: resourceContracts(budgetPaycheck) };

/** An attached file or a payment proof as the generic endpoints answer it: `file` is the download URL, null when the row holds none. */
export type StoredFile = RecordOf<typeof attachedFile> | RecordOf<typeof budgetPaycheck>;

/** Silent: the screen says when the list cannot be read, instead of a notification on every visit. */
export const listFiles = (kind: FileKind, ownerId: number): Promise<StoredFile[]> =>
  call(fileContracts[kind].all, { query: { filter: JSON.stringify({ [OWNER_FIELD[kind]]: ownerId }) } }, { silent: true });

export function uploadFile(kind: FileKind, ownerId: number, name: string, file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('data', JSON.stringify({ [OWNER_FIELD[kind]]: ownerId, name }));
  form.append('file', file, file.name);
  return call(fileContracts[kind].create, { body: {} }, { form, changes: 'budget' });
}

export const deleteFile = (kind: FileKind, id: number) => call(fileContracts[kind].delete, { body: { id } }, { changes: 'budget' });
