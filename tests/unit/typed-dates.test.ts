/**
 * A typed date, as every date input reads it (src/client/dates.ts readDateText, formDateValue): the day
 * inputs, the calendar's date-time input and its «Ir a la fecha».
 */
import { describe, expect, it } from 'vitest';
import { formDateValue, readDateText } from '../../src/client/dates';
import { parseDateTimeText } from '../../src/client/resources/tasks/calendar/dates';

describe('a typed day', () => {
  it('that is empty is no day and no error', () => {
    expect(readDateText('')).toEqual({ value: '', error: null });
    expect(readDateText('   ')).toEqual({ value: '', error: null });
  });

  it('that is a real day is read as year-month-day, without error', () => {
    expect(readDateText('20/11/2026')).toEqual({ value: '2026-11-20', error: null });
    expect(readDateText(' 1-2-2027 ')).toEqual({ value: '2027-02-01', error: null });
  });

  it('that is not a real day is reported in Spanish', () => {
    for (const text of ['31/02/2026', 'mañana', '2026-11-20', '20/11'])
      expect(readDateText(text), text).toEqual({ value: null, error: 'Introduzca una fecha válida' });
  });
});

describe('a typed date and time (the calendar\'s forms)', () => {
  it('is read as the server\'s local date-time, a day alone at noon; anything else is reported in Spanish', () => {
    expect(readDateText('04-03-2027 9:30', parseDateTimeText)).toEqual({ value: '2027-03-04 09:30:00', error: null });
    expect(readDateText('04/03/2027', parseDateTimeText)).toEqual({ value: '2027-03-04 12:00:00', error: null });
    expect(readDateText('04/03/2027 25:00', parseDateTimeText)).toEqual({ value: null, error: 'Introduzca una fecha válida' });
  });
});

describe('what a form keeps of a typed date', () => {
  it('is nothing when empty, the date when it is one, else the text as typed for the schema to refuse', () => {
    expect(formDateValue(' ')).toBeNull();
    expect(formDateValue('20/11/2026')).toBe('2026-11-20');
    expect(formDateValue('20/13/2026')).toBe('20/13/2026');
    expect(formDateValue('04/03/2027 9:30', parseDateTimeText)).toBe('2027-03-04 09:30:00');
    expect(formDateValue('ayer', parseDateTimeText)).toBe('ayer');
  });
});
