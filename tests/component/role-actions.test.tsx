/**
 * The generated screen offers only what the schema's access lists allow the role (ResourcePage asks
 * `useCanAccess`, answered from the same declaration the server enforces): an admin gets "Añadir", rows
 * that open the edit dialog and its "Borrar"; a member (role client, who may only list and read
 * warehouses) gets none of them in the page at all — not even disabled.
 */
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from '../../src/client/resources/generated/ResourcePage';
import type { Role } from '../../src/shared/roles';
import { warehouse } from '../fixtures/warehouse';
import { renderAdmin, rowOf } from '../support/component';
import { WAREHOUSES } from './records';

/** The warehouses list as `role` sees it, once its rows are in and every access question is answered. */
async function renderAs(role: Role) {
  const rendered = renderAdmin(<ResourcePage schema={warehouse} />, { role, schemas: [warehouse], records: { warehouse: WAREHOUSES } });
  await screen.findByText('Nave Norte');
  // Until canAccess answers, the controls are hidden for everybody: absence only means something after.
  await act(async () => { await Promise.all(rendered.auth.canAccess.mock.results.map((r) => r.value)); });
  const asked = rendered.auth.canAccess.mock.calls.map(([{ action }]) => action);
  expect(asked).toEqual(expect.arrayContaining(['create', 'edit', 'delete']));
  return rendered;
}

describe('role-restricted actions of the generated screen (warehouse)', () => {
  it('an admin gets "Añadir", rows that open the edit dialog and its "Borrar"', async () => {
    const user = userEvent.setup();
    await renderAs('admin');
    expect(screen.getByRole('button', { name: 'Añadir' })).toBeTruthy();
    expect(rowOf('Depósito Sur').classList.contains('RaDatagrid-clickableRow')).toBe(true);

    await user.click(within(rowOf('Depósito Sur')).getByText('Murcia'));
    // The dialog's code loads at its first opening (ResourcePage); then the next one is there as soon as
    // the click is handled, so the member's check below, which runs after this test, needs no wait.
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Editar almacén' })).toBeTruthy();
    expect(await dialog.findByRole('button', { name: 'Borrar' })).toBeTruthy();
  });

  it('a member (role client) gets neither "Añadir" nor editable rows nor "Borrar", none of them in the DOM', async () => {
    const user = userEvent.setup();
    await renderAs('client');
    // Still a working list: the member reads every row.
    expect(screen.getByText('Depósito Sur')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Añadir' })).toBeNull();
    expect(screen.queryByText('Añadir')).toBeNull();
    expect(rowOf('Depósito Sur').classList.contains('RaDatagrid-clickableRow')).toBe(false);

    // Clicking a row opens nothing: there is no edit dialog, hence no "Borrar", to reach (the dialog's code
    // is loaded by the admin's test above: a dialog would be there at once).
    await user.click(within(rowOf('Depósito Sur')).getByText('Murcia'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Borrar' })).toBeNull();
    expect(screen.queryByText('Editar almacén')).toBeNull();
  });
});
