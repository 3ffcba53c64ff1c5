/**
 * Drives the generated record dialog (src/client/resources/generated/RecordDialog.tsx) from a schema:
 * finds each field's input by its place in the dialog, types or chooses values the way a person does,
 * reads back what the dialog shows and the message under each field, and says — from the schema's own
 * zod rules — what the form holds, which message a value must get and how a stored value must show.
 * Used by tests/support/generatedFormRoundTrip.ts; nothing here knows a particular resource.
 */
import type { Locator, Page } from 'playwright-core';
import { formFields } from '../../src/client/resources/generated/RecordDialog';
import { parseDay } from '../../src/client/dates';
import { formatDay, pad, toNumber } from '../../src/shared/format';
import { isFileField, zeroPadded, type FieldDef, type FormMode, type ResourceSchema } from '../../src/shared/resource';
import { ruleOf, validateRecord } from '../../src/shared/recordRules';
import { chooseOption, selectOption } from './browser';
import { pngOf } from './images';

/** A value in a failure note, shortened (a 100 000-character text is named by its length). */
export function short(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 40)}… (${text.length} caracteres)` : JSON.stringify(text);
}

/** A message in a failure note: «text», or undefined when there is none. */
export const quoted = (text: string | null | undefined) => (text ? `«${text}»` : undefined);

/** Field types a person types into (the rest are chosen from lists, switched or uploaded). */
export const TYPED = new Set<FieldDef['type']>(['text', 'textarea', 'email', 'integer', 'decimal', 'date']);

/** What a field shows: the input's text, a switch's state, or null when the field is not on screen. */
export type Shown = string | boolean | null;

/** A valid value of a field: what is typed or chosen (`text`), and what the form then holds (`value`). */
export interface Sample { text: string; value: unknown; checked?: boolean }

/**
 * Hostile input, typed into every typed field at once. `long` pastes a long text after the field's own
 * valid sample, so that it stays the right shape (an e-mail stays an e-mail) and only its length is wrong.
 */
export const HOSTILE: Array<{ name: string; text: (sample: string) => string }> = [
  { name: 'decimal comma', text: () => '2,5' },
  { name: 'thousands and comma', text: () => '1.234,5' },
  { name: 'negative', text: () => '-7' },
  { name: 'huge number', text: () => '99999999999999999999' },
  { name: 'letters', text: () => 'abc' },
  { name: 'only spaces', text: () => '   ' },
  { name: 'long text', text: (sample) => `${sample}${'a'.repeat(100_000)}` },
];

/** The fields a dialog of this mode shows, in order (as RecordDialog lays them out). */
export const dialogFields = (schema: ResourceSchema, mode: FormMode, only?: string[]) => formFields(schema, mode, only);

/** What the form holds once `text` is typed into the field (the day input reads days; the rest keep the text). */
export function heldValue(field: FieldDef, text: string): unknown {
  if (field.type === 'date') return text.trim() === '' ? null : parseDay(text) ?? text;
  return text;
}

/**
 * How a stored decimal shows when its form opens again (issue 43: as everywhere else, with its decimals),
 * written here apart from the code under test: (1234.5, 2) → "1.234,50", (8, 2) → "8,00".
 */
export function spanishDecimal(value: unknown, places: number): string {
  const [whole, fraction] = Number(value).toFixed(places).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** How a stored (or validated) value shows when the record is opened again, for a typed field. */
export function shownAs(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'decimal': return spanishDecimal(value, field.decimals ?? 2);
    case 'date': return formatDay(value);
    default: return String(field.zeroPad ? zeroPadded(value, field.zeroPad) : value);
  }
}

/**
 * Whether what shows after saving means what was typed: the same text (trimmed), the same number, the
 * same day. A value the validator accepted but changed would pass a naive round trip; not this one.
 */
export function sameMeaning(field: FieldDef, typed: string, shown: string): boolean {
  if (field.type === 'integer' || field.type === 'decimal') return typed.trim() === '' ? shown === '' : toNumber(typed) === toNumber(shown);
  if (field.type === 'date') return typed.trim() === '' ? shown === '' : parseDay(typed) === parseDay(shown);
  const text = typed.trim();
  return shown === (field.zeroPad ? String(zeroPadded(text, field.zeroPad)) : text);
}

/** Whether a field is required: its rule refuses a missing value. */
export const isRequired = (field: FieldDef) => !!field.validate && !ruleOf(field).safeParse(undefined).success;

/** Whether a conditional field shows for these form values (FieldInput's own test). */
export function isVisible(field: FieldDef, values: Record<string, unknown>) {
  if (!field.showIf) return true;
  const other = values[field.showIf.field];
  return Number(other) === field.showIf.equals || other === field.showIf.equals;
}

const accepts = (field: FieldDef, value: unknown) => !!field.validate && ruleOf(field).safeParse(value).success;

/**
 * Candidate valid values of a field, best first; `k` numbers the field among those of its type (so that
 * "from" < "until" and minimum < maximum), `unique` makes texts unique, `used` are choice values other
 * records already hold (a unique select gets a free one).
 */
function candidates(field: FieldDef, k: number, unique: string, used: Set<unknown>): Sample[] {
  const typed = (texts: string[]) => texts.map((text) => ({ text, value: heldValue(field, text) })).filter((s) => accepts(field, s.value));
  switch (field.type) {
    case 'text': case 'textarea':
      return typed([`Prueba ${unique}`, `P${unique}`, '12345678', '123456789', '1', '08001', '#1a2b3c']);
    case 'email': return typed([`prueba.${unique}@example.com`]);
    case 'password': return typed(['Prueba1234']);
    case 'integer': return typed([String(7 + k), '1', '0']);
    case 'decimal': return typed([`${k + 1},5`, '1', '0,01', '0']);
    case 'date': return typed([`${10 + k}/01/2027`, `${10 + k}/01/2026`]);
    case 'datetime': return typed([`2027-01-${10 + k} 09:30:00`]);
    case 'time': {
      const seconds = (8 + k) * 3600 + 30 * 60;
      return accepts(field, seconds) ? [{ text: `${pad(8 + k)}:30`, value: seconds }] : [];
    }
    case 'select': {
      const choices = (field.choices ?? []).filter((c) => accepts(field, c.value));
      return [...choices.filter((c) => !used.has(c.value)), ...choices.filter((c) => used.has(c.value))].map((c) => ({
        text: c.label,
        value: c.value,
      }));
    }
    case 'boolean': {
      // The opposite of what a missing value means: the stored value then shows that the choice was kept.
      const missing = ruleOf(field).parse(undefined) as boolean;
      return [{ text: String(!missing), value: !missing, checked: !missing }];
    }
    // The first option of the list; its id is not known before it is chosen, any valid id stands for it.
    case 'reference': return [{ text: '', value: 1 }];
    default: return [];
  }
}

/**
 * A valid value for every writable field of the dialog: each field's first candidate its own rule accepts,
 * then — while the whole record (cross-field rules included) is refused — the next candidate of each
 * field the record's rules complain about.
 */
export function baselineSamples(schema: ResourceSchema, fields: FieldDef[], unique: string, usedChoices: Record<string, Set<unknown>>,
  extra: Record<string, unknown> = {}): Record<string, Sample> {
  const writable = fields.filter((f) => f.validate && !isFileField(f));
  const counters = new Map<string, number>();
  const lists = new Map(writable.map((f) => {
    const k = counters.get(f.type) ?? 0;
    counters.set(f.type, k + 1);
    return [f.name, candidates(f, k, unique, usedChoices[f.name] ?? new Set())];
  }));
  const tries = new Map<string, number>();
  for (let round = 0; round < 8; round++) {
    const samples: Record<string, Sample> = {};
    for (const field of writable) {
      const list = lists.get(field.name)!;
      if (!list.length) throw new Error(`${schema.name}.${field.name}: no valid sample among the candidates of type ${field.type}`);
      samples[field.name] = list[Math.min(tries.get(field.name) ?? 0, list.length - 1)];
    }
    const values = { ...extra, ...Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, s.value])) };
    const result = validateRecord(schema, 'create', values);
    // Complaints about values no field of the dialog writes belong to the page's own inputs.
    const errors = result.ok ? [] : Object.keys(result.errors).filter((key) => lists.has(key));
    if (!errors.length) return samples;
    for (const key of errors) tries.set(key, (tries.get(key) ?? 0) + 1);
    if (round === 7) throw new Error(`${schema.name}: no valid record from the samples: ${JSON.stringify(result)}`);
  }
  throw new Error('unreachable');
}

/** A valid file for a file field: a PNG of the rule's exact size (8 × 8 without one), or a PDF where images are not taken. */
export function sampleFile(field: FieldDef) {
  const rule = field.file!;
  if (rule.kinds.includes('png')) {
    const { width, height } = rule.dimensions ?? { width: 8, height: 8 };
    return { name: 'prueba.png', mimeType: 'image/png', buffer: pngOf(width, height) };
  }
  return {
    name: 'prueba.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  };
}

/**
 * Reads until the reading is `wanted` (a value it must equal, or a test it must pass), or has stayed the
 * same for `quiet` ms (the page has settled on something else), or `timeout` is up; the last reading.
 */
export async function settle<T>(read: () => Promise<T>, wanted: T | ((value: T) => boolean), timeout = 5_000, quiet = 1_000): Promise<T> {
  const done
    = typeof wanted === 'function' ? (wanted as (value: T) => boolean) : (value: T) => JSON.stringify(value) === JSON.stringify(wanted);
  const end = Date.now() + timeout;
  let last = '';
  let since = Date.now();
  for (;;) {
    const value = await read();
    const text = JSON.stringify(value);
    if (text !== last) [last, since] = [text, Date.now()];
    if (done(value) || Date.now() - since > quiet || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The open generated dialog of a page: its fields' inputs, by their place in the dialog's grid. */
export class GeneratedDialog {
  readonly root: Locator;

  constructor(readonly page: Page, readonly fields: FieldDef[]) {
    this.root = page.getByRole('dialog');
  }

  /** The grid cell of a field (RecordDialog renders one cell per shown field, in order, even when a conditional field is hidden). */
  cell(field: FieldDef): Locator {
    const index = this.fields.indexOf(field);
    if (index < 0) throw new Error(`${field.name} is not a field of this dialog`);
    return this.root.locator('form .MuiBox-root').first().locator(':scope > div').nth(index);
  }

  /** The text input of a typed field (or a password). */
  input(field: FieldDef): Locator {
    return this.cell(field).locator(`input[name="${field.name}"], textarea[name="${field.name}"]`);
  }

  async waitOpen() {
    await this.root.locator('form').waitFor();
  }

  async isOnScreen(field: FieldDef) {
    return (await this.cell(field).locator('input, textarea, [role=combobox]').count()) > 0;
  }

  /**
   * Of `fields`, those a person can type into now: on screen (isOnScreen) and, for a typed field, its input
   * not disabled; read in one go from the page.
   */
  async typeable(fields: FieldDef[]): Promise<FieldDef[]> {
    const wanted = fields.map((f) => ({ index: this.fields.indexOf(f), name: f.name, typed: TYPED.has(f.type) || f.type === 'password' }));
    if (wanted.some((w) => w.index < 0)) throw new Error('a field that is not of this dialog');
    const open = await this.root.locator('form .MuiBox-root').first().evaluate((grid, wanted) => {
      const cells = [...grid.children];
      return wanted.map(({ index, name, typed }) => {
        const cell = cells[index];
        if (!cell?.querySelector('input, textarea, [role=combobox]')) return false;
        if (!typed) return true;
        const input = cell.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`);
        if (!input) throw new Error(`${name}: no input in its cell`);
        // As Playwright's isDisabled: the input (or a fieldset around it) is disabled, or marked aria-disabled.
        return !input.matches(':disabled') && !input.closest('[aria-disabled="true"]');
      });
    }, wanted);
    return fields.filter((_, i) => open[i]);
  }

  /**
   * Types `text` as a person would (the whole text at once), then leaves the field (its message shows on
   * leaving) unless `stay`: typing into the next field leaves this one just as well.
   */
  async type(field: FieldDef, text: string, { stay = false } = {}) {
    const input = this.input(field);
    await input.fill(text);
    if (!stay) await input.blur();
  }

  /** Sets a field to a sample: typed, chosen in its list, switched, or for a reference the first option. */
  async set(field: FieldDef, sample: Sample): Promise<void> {
    const cell = this.cell(field);
    switch (field.type) {
      case 'select':
        await selectOption(this.page, cell.getByRole('combobox'), sample.text, { exact: true });
        break;
      case 'reference': {
        const combobox = cell.getByRole('combobox');
        await combobox.click();
        const first = this.page.getByRole('listbox').getByRole('option').first();
        await first.waitFor();
        const text = (await first.innerText()).trim();
        await chooseOption(this.page, text, { exact: true });
        break;
      }
      case 'boolean':
        await cell.getByRole('switch').setChecked(sample.checked!);
        break;
      case 'time': {
        const [hours, minutes] = sample.text.split(':');
        const [hourBox, minuteBox] = [cell.getByRole('combobox').nth(0), cell.getByRole('combobox').nth(1)];
        await selectOption(this.page, hourBox, hours, { exact: true });
        await selectOption(this.page, minuteBox, minutes, { exact: true });
        break;
      }
      default:
        await this.type(field, sample.text);
    }
  }

  async upload(field: FieldDef) {
    await this.cell(field).locator('input[type=file]').setInputFiles(sampleFile(field));
  }

  /**
   * What every field shows and the message under it, read in one go from the page: the input's text, a
   * list's chosen label, a switch's state, "HH:mm" of a time; null for a file or a field not on screen.
   */
  async snapshot(): Promise<Array<{ shown: Shown; error: string | null }>> {
    const fields = this.fields.map((f) => ({ name: f.name, type: f.type }));
    return this.root.locator('form .MuiBox-root').first().evaluate((grid, fields) => {
      const clean = (text: string | undefined) => (text ?? '').replace(/\u200b/g, '').trim();
      const cells = [...grid.children] as HTMLElement[];
      return fields.map(({ name, type }, i) => {
        const cell = cells[i];
        const error = cell.querySelector<HTMLElement>('.MuiFormHelperText-root.Mui-error');
        const shown = (): string | boolean | null => {
          if (type === 'image' || type === 'file' || !cell.querySelector('input, textarea, [role=combobox]')) return null;
          const boxes = [...cell.querySelectorAll<HTMLElement>('[role=combobox]')];
          switch (type) {
            case 'select': return clean(boxes[0].innerText);
            case 'reference': return (boxes[0] as HTMLInputElement).value;
            case 'boolean': return cell.querySelector<HTMLInputElement>('input[role=switch]')!.checked;
            case 'time': return clean(boxes[0].innerText) ? `${clean(boxes[0].innerText)}:${clean(boxes[1].innerText)}` : '';
            default: return cell.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`)!.value;
          }
        };
        return { shown: shown(), error: error ? clean(error.innerText) : null };
      });
    }, fields);
  }

  /** What a field shows now (see snapshot). */
  async read(field: FieldDef): Promise<Shown> {
    return (await this.snapshot())[this.fields.indexOf(field)].shown;
  }

  /** What every field but the files shows, by name. */
  async readAll(): Promise<Record<string, Shown>> {
    const snapshot = await this.snapshot();
    return Object.fromEntries(this.fields.flatMap((f, i) => (isFileField(f) ? [] : [[f.name, snapshot[i].shown]])));
  }

  /** The message under each field that shows one (the helper text MUI marks as an error). */
  async errors(): Promise<Record<string, string>> {
    const snapshot = await this.snapshot();
    return Object.fromEntries(this.fields.flatMap((f, i) => (snapshot[i].error === null ? [] : [[f.name, snapshot[i].error!]])));
  }

  /**
   * Per typed field, why the browser could show a validation bubble of its own: the form is not
   * novalidate, or the input carries a browser message ('' when neither).
   */
  async browserValidation(fields: FieldDef[]): Promise<Record<string, string>> {
    const names = fields.map((f) => f.name);
    return this.root.locator('form').evaluate((form: HTMLFormElement, names) => Object.fromEntries(names.map((name) => {
      const input = form.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`)!;
      if (!form.noValidate) return [name, 'the form is not novalidate'];
      return [name, input.validationMessage];
    })), names);
  }

  saveButton() {
    return this.root.getByRole('button', { name: 'Guardar' });
  }

  close() {
    return this.root.getByRole('button', { name: 'Cerrar' }).click();
  }
}
