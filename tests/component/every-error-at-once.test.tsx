/**
 * On "Guardar", every field's message shows at once (issue 27 §6): the announcement form with an empty
 * title, an empty text and an unreadable day, and the generated create dialog of every schema resource.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resourceList } from '../../schemas';
import { StaffAnnouncements } from '../../src/client/resources/announcements/StaffAnnouncements';
import { formFields, RecordDialog } from '../../src/client/resources/generated/RecordDialog';
import { Msg } from '../../src/shared/messages';
import { ruleOf } from '../../src/shared/recordRules';
import { fieldErrors } from '../../src/shared/validation';
import { renderAdmin } from '../support/component';

describe('the announcement form', () => {
  it('saved with an empty title, an empty text, an unreadable day: the three messages at once, nothing about the other day', async () => {
    const user = userEvent.setup();
    const { data } = renderAdmin(<StaffAnnouncements />, { records: { announcement: [] } });
    await user.click(await screen.findByRole('button', { name: 'Añadir' }));
    const dialog = within(await screen.findByRole('dialog'));
    // The form shows once its file inputs, loaded apart, have arrived (FormSuspense).
    await user.type(await dialog.findByRole('textbox', { name: 'Visible desde' }), '31/02/2026');
    await user.type(dialog.getByRole('textbox', { name: 'Visible hasta' }), '01/03/2026');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    for (const message of [Msg.announcementTitle, Msg.announcementBody, Msg.dateInvalid])
      expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.queryByText(Msg.announcementUntilBeforeFrom)).toBeNull();
    // The day is kept as typed, beside its message.
    expect((dialog.getByRole('textbox', { name: 'Visible desde' }) as HTMLInputElement).value).toBe('31/02/2026');
    expect(data.create).not.toHaveBeenCalled();
  }, 20_000);
});

const creatable = resourceList.filter((schema) => schema.access.create.includes('admin') && formFields(schema, 'create').length > 0);

describe('every generated create dialog, saved empty', () => {
  it.each(creatable.map((schema) => [schema.name, schema] as const))(
    '%s: each shown field that needs a value says so, all at once',
    async (_name, schema) => {
      const user = userEvent.setup();
      const { data } = renderAdmin(<RecordDialog schema={schema} mode="create" onClose={vi.fn()} />);
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(await dialog.findByRole('button', { name: 'Guardar' }));
      const expected = formFields(schema, 'create')
        .filter((field) => field.validate && !field.showIf)
        .flatMap((field) => {
          const own = ruleOf(field).safeParse(undefined);
          return own.success ? [] : [fieldErrors(own.error)._form];
        });
      await waitFor(
        () => {
          for (const message of expected) expect(dialog.queryAllByText(message).length, message).toBeGreaterThan(0);
        },
        { timeout: 3000 },
      );
      expect(data.create).not.toHaveBeenCalled();
    },
    20_000,
  );
});
