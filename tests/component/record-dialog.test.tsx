/**
 * The generated add/edit dialog (RecordDialog) of a resource declared only in a test fixture: its
 * fields come from the schema, a `showIf` field waits for its condition, and the schema's zod rules
 * speak Spanish under the fields before anything reaches the dataProvider: on save, then as the fields
 * change (on blur: a known gap, see the `.fails` test).
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordDialog } from '../../src/client/resources/generated/RecordDialog';
import { warehouse } from '../fixtures/warehouse';
import { expectNoEnglish, renderAdmin } from '../support/component';
import { WAREHOUSES } from './records';

const RENT = 'Alquiler mensual (€)';
const MESSAGES = {
  name: 'Introduzca el nombre del almacén',
  city: 'Introduzca la población',
  kind: 'Elija el régimen del almacén',
  rent: 'Introduzca el alquiler mensual',
};

function renderDialog(mode: 'create' | 'update', id?: number) {
  const onClose = vi.fn();
  const rendered = renderAdmin(<RecordDialog schema={warehouse} mode={mode} id={id} onClose={onClose} />, {
    schemas: [warehouse],
    records: { warehouse: WAREHOUSES },
  });
  return { ...rendered, onClose, dialog: within(screen.getByRole('dialog')) };
}

async function chooseKind(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Régimen' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

/** The form is ours to validate: never the browser's own (English) bubbles. */
function expectOwnValidationOnly() {
  const form = screen.getByRole('dialog').querySelector('form')!;
  expect(form.noValidate).toBe(true);
}

describe('generated dialog of a resource declared only in a test fixture (warehouse)', () => {
  it('create: shows the create fields under Spanish labels, the conditional one only once it applies', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog('create');
    expect(dialog.getByRole('heading', { name: 'Añadir almacén' })).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Nombre' })).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Población' })).toBeTruthy();
    expect(dialog.getByRole('combobox', { name: 'Régimen' })).toBeTruthy();
    expect(dialog.getByRole('switch', { name: 'Activo' })).toBeTruthy();
    // `id` is never typed in.
    expect(dialog.queryByRole('textbox', { name: 'Id' })).toBeNull();
    // monthly_rent: showIf kind = alquilado.
    expect(dialog.queryByLabelText(RENT)).toBeNull();
    await chooseKind(user, 'Propio');
    expect(dialog.queryByLabelText(RENT)).toBeNull();
    await chooseKind(user, 'Alquilado');
    expect(await dialog.findByRole('textbox', { name: RENT })).toBeTruthy();
    await chooseKind(user, 'Propio');
    await waitFor(() => expect(dialog.queryByLabelText(RENT)).toBeNull());
    expectOwnValidationOnly();
    expectNoEnglish();
  });

  it('create: a required field left empty says the schema\'s Spanish message as it loses the focus', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog('create');
    await user.click(dialog.getByRole('textbox', { name: 'Nombre' }));
    expect(dialog.queryByText(MESSAGES.name)).toBeNull();
    await user.tab();
    expect(await dialog.findByText(MESSAGES.name, undefined, { timeout: 300 })).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Nombre' }).getAttribute('aria-invalid')).toBe('true');
    // Only the field that was left says so; the others wait to be visited or for "Guardar".
    expect(dialog.queryByText(MESSAGES.city)).toBeNull();
  });

  it('create: after a refused save, a field\'s Spanish message goes as it is filled in and comes back as it is emptied', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog('create');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    const name = dialog.getByRole('textbox', { name: 'Nombre' });
    expect(await dialog.findByText(MESSAGES.name)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Nave Este');
    await waitFor(() => expect(dialog.queryByText(MESSAGES.name)).toBeNull());
    await user.clear(name);
    expect(await dialog.findByText(MESSAGES.name)).toBeTruthy();
    expectNoEnglish();
  });

  it('create: saving it empty shows every Spanish message and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, data, onClose } = renderDialog('create');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    for (const message of [MESSAGES.name, MESSAGES.city, MESSAGES.kind]) expect(await dialog.findByText(message)).toBeTruthy();
    // The whole-record rule (a rented warehouse needs its rent) speaks once its field shows.
    await chooseKind(user, 'Alquilado');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText(MESSAGES.rent)).toBeTruthy();
    expect(data.create).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expectOwnValidationOnly();
    expectNoEnglish();
  });

  it('create: a valid record is sent to the dataProvider with the typed values, and the dialog closes', async () => {
    const user = userEvent.setup();
    const { dialog, data, onClose } = renderDialog('create');
    await user.type(dialog.getByRole('textbox', { name: 'Nombre' }), 'Nave Este');
    await user.type(dialog.getByRole('textbox', { name: 'Población' }), 'Huesca');
    await chooseKind(user, 'Alquilado');
    await user.type(await dialog.findByRole('textbox', { name: RENT }), '1200');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1));
    // The form sends what was typed; the server parses it with the same rules (its half of the test).
    expect(data.create).toHaveBeenCalledWith('warehouse', expect.objectContaining({
      data: expect.objectContaining({ name: 'Nave Este', city: 'Huesca', kind: 'alquilado', monthly_rent: '1200' }),
    }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edit: shows the record\'s values, its conditional field included, and offers "Borrar"', async () => {
    const { dialog } = renderDialog('update', 2);
    expect(dialog.getByRole('heading', { name: 'Editar almacén' })).toBeTruthy();
    expect(await dialog.findByDisplayValue('Depósito Sur')).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Población' })).toHaveProperty('value', 'Murcia');
    expect(dialog.getByRole('combobox', { name: 'Régimen' }).textContent).toBe('Alquilado');
    expect(dialog.getByRole('textbox', { name: RENT })).toHaveProperty('value', '900');
    expect(dialog.getByRole('switch', { name: 'Activo' })).toHaveProperty('checked', false);
    expect(await dialog.findByRole('button', { name: 'Borrar' })).toBeTruthy();
    expectOwnValidationOnly();
    expectNoEnglish();
  });
});
