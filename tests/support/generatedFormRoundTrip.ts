/**
 * Issue 27: what a person types is what is kept — in every generated dialog, for every field, driven
 * from the schemas (a new resource is covered without a test of its own).
 *
 * Per resource, on its page as the admin sees it:
 * 1. the create dialog: hostile text (a decimal comma, "1.234,5", a negative, a huge number, letters,
 *    only spaces, a long text) typed into every typed field at once; each field shows exactly the Spanish
 *    message the schema's rule gives that form (or none), keeps the text as typed, and no browser bubble
 *    can show. axe-core runs on the open dialog.
 * 2. a new record with only the required fields filled (the rest as the dialog offers them): opened again,
 *    every field shows what the dialog showed when it was saved.
 * 3. the edit dialog, every field set to a valid value: saved and opened again, the same.
 * 4. each hostile text again in the edit dialog: the refused fields show their messages, "Guardar" sends
 *    nothing; then the refused fields get valid values back and the accepted ones are saved: opened
 *    again, each shows the canonical form of what was typed (e.g. "2,5" in a price stays "2,5", " abc"
 *    shows "abc") and means the same (the same number, the same day, the same text).
 *
 * Which messages and canonical values are right comes from the schema's own rules (validateRecord), so
 * the test holds the dialog to the server's rules; `sameMeaning` holds the rules to what was typed.
 * Known bugs being fixed elsewhere are listed in KNOWN_FAILURES with the reason; when a fix lands the
 * entry stops matching and the test asks for it to be removed.
 *
 * The resources are checked in groups (groupsOf), one test file each
 * (tests/browser/form-round-trip-*.test.ts), so that the groups run side by side.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { resourceList } from '../../schemas';
import { appRoutes } from '../../src/client/routes';
import { flattenRoutes } from '../../src/client/routing';
import { USER_FORM_FIELDS } from '../../src/client/resources/users/UserPage';
import { Code } from '../../src/shared/codes';
import { isFileField, type FieldDef, type FormMode, type ResourceSchema } from '../../src/shared/resource';
import { ruleOf, validateRecord } from '../../src/shared/recordRules';
import { startTestApp, type TestApp } from './app';
import { CONTEXT_DEFAULTS, launchBrowser, loginAs, networkQuiet, UI_TIMEOUT, violationsOf } from './browser';
import {
  baselineSamples, dialogFields, GeneratedDialog, heldValue, HOSTILE, isRequired, isVisible, quoted, sameMeaning, settle, short, shownAs,
  TYPED,
  type Sample, type Shown,
} from './formRoundTrip';

/** Where a resource's generated dialog is, when its page is hand-written (the route table names the rest). */
interface DialogPage {
  path: string;
  /** The tab of the page that lists the resource. */
  tab?: string;
  /** The dialog's `fields` (RecordDialog's prop), when the page passes them. */
  fields?: string[];
  /** What a hand-written part of the dialog needs before a new record can be saved; returns the values it set. */
  prepareCreate?: (dialog: GeneratedDialog, samples: Record<string, Sample>) => Promise<Record<string, unknown>>;
}

const HAND_WRITTEN_PAGES: Record<string, DialogPage> = {
  announcement: { path: '/tablon' },
  category: { path: '/stock-and-prices/article-categories-management' },
  client: { path: '/clientes/client-managment' },
  clientFare: { path: '/clientes/clients-fares' },
  document: { path: '/documentos', tab: 'Documentos' },
  documentCategory: { path: '/documentos', tab: 'Categorías' },
  poolCover: { path: '/stock-and-prices/cover-managment', tab: 'Cobertores' },
  poolCoverType: { path: '/stock-and-prices/cover-managment', tab: 'Tipos de cobertor' },
  productionStep: { path: '/configuracion/traceability-configuration' },
  reel: {
    path: '/stock-and-prices/reel-managment',
    // A reel needs one size (SubSizesInput, below the schema's fields): its maximum size will do.
    async prepareCreate(dialog, samples) {
      await dialog.root.getByRole('button', { name: 'Añadir', exact: true }).click();
      await dialog.root.locator('input[name="reels_subcategories.0.size_max"]').fill(samples.size_max.text);
      return { reels_subcategories: [{ size_max: samples.size_max.value }] };
    },
  },
  // The diameters of reel 1 (seeded); the size list offers that reel's sizes.
  reelDiameter: { path: '/stock-and-prices/reel-diameter-managment/1' },
  user: { path: '/usuarios', fields: USER_FORM_FIELDS },
};

/** The resources the route table gives the generated page (`{ path, resource }`). */
const ROUTE_PAGES = flattenRoutes(appRoutes).filter((r) => r.route.resource).map((r) => ({ name: r.route.resource!.name, path: r.path }));

/** Resources without a generated create or edit dialog for the admin, and why. */
const NO_GENERATED_DIALOG: Record<string, string> = {
  appSetting: 'a page form (AppSettingsPage), no dialog',
  attachedFile: 'a budget\'s attachments, written from the budget screens',
  audit: 'read-only; its rows open a detail (AuditDetail)',
  budget: 'hand-written budget screens',
  budgetPaycheck: 'hand-written budget screens',
  consignment: 'hand-written consignment screens',
  dataSheetImage: 'an order\'s data-sheet images, written from the order screens',
  item: 'hand-written article screens',
  itemImage: 'hand-written article screens',
  itemPropertyValue: 'hand-written article screens',
  mailOutbox: 'read-only; its rows open a detail (MailDetail)',
  mailTemplate: 'its own dialog (MailTemplateDialog)',
  order: 'hand-written order screens',
  reelSubcategory: 'written with its reel (the reel dialog\'s sizes)',
  task: 'the task calendar\'s own dialog',
};

/**
 * Failures of bugs fixed in other branches of issue 27, by the key this test reports them under. When
 * a fix lands, its entries stop failing and this test says so: then delete them.
 */
const KNOWN_FAILURES: Record<string, string> = {};

/** The known failure (a key where `*` stands for any one part) that a problem is, if any. */
const knownAs = (key: string) =>
  Object.keys(KNOWN_FAILURES).find((pattern) =>
    new RegExp(
      `^${pattern
        .split(':')
        .map((part) => (part === '*' ? '[^:]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(':')}$`,
    ).test(key),
  );

/** Every resource's dialog page: the route table's plain resources, then the hand-written pages. */
const PAGES: Record<string, DialogPage> = {
  ...Object.fromEntries(ROUTE_PAGES.map((r) => [r.name, { path: r.path }])),
  ...HAND_WRITTEN_PAGES,
};
/** The covered resources, each after those its reference fields choose from (a document needs a category to choose). */
const covered: string[] = [];
const visit = (schema: ResourceSchema) => {
  if (covered.includes(schema.name) || !PAGES[schema.name]) return;
  for (const field of schema.fields) {
    const referenced
      = field.type === 'reference' && field.reference !== schema.name && resourceList.find((s) => s.name === field.reference);
    if (referenced) visit(referenced);
  }
  covered.push(schema.name);
};
resourceList.forEach(visit);

let t: TestApp;
let token: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

interface Problem { key: string; detail: string }

/** The known failures some resource still showed. */
const knownSeen: string[] = [];

/**
 * The covered resources in `parts` groups, one test file each, so that the groups run side by side: a
 * resource stays in the group of those its reference fields choose from (and after them), and the groups
 * are balanced by their dialogs' fields.
 */
export function groupsOf(parts: number): string[][] {
  const linked = new Map(covered.map((name) => [name, new Set([name])]));
  for (const name of covered) {
    for (const field of resourceList.find((s) => s.name === name)!.fields) {
      if (field.type !== 'reference' || !linked.has(field.reference!) || linked.get(field.reference!) === linked.get(name)) continue;
      const merged = new Set([...linked.get(name)!, ...linked.get(field.reference!)!]);
      for (const member of merged) linked.set(member, merged);
    }
  }
  const weight = (names: Set<string>) =>
    [...names].reduce((sum, name) => sum + resourceList.find((s) => s.name === name)!.fields.length, 0);
  const clusters = [...new Set(linked.values())].sort((a, b) => weight(b) - weight(a));
  const groups = Array.from({ length: parts }, () => new Set<string>());
  for (const cluster of clusters) {
    const lightest = groups.reduce((a, b) => (weight(b) < weight(a) ? b : a));
    for (const name of cluster) lightest.add(name);
  }
  return groups.map((group) => covered.filter((name) => group.has(name)));
}

/** Registers the current test file's tests: those of group `part` of `parts` (see groupsOf). */
export function generatedDialogTests(part: number, parts: number) {
  const group = groupsOf(parts)[part];

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    token = await t.login('admin');
    browser = await launchBrowser();
    // One signed-in page for the whole file: every resource's dialogs are opened in it in turn.
    context = await browser.newContext(CONTEXT_DEFAULTS);
    page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    page.on('console', (message) => { if (message.text().includes('Missing translation')) pageErrors.push(message.text()); });
    await loginAs(page, t.url, 'admin', 'admin1234');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  if (part === 0) it('every resource has its generated dialog covered here, or says why it has none', () => {
    const unclassified = resourceList.map((s) => s.name).filter((name) => !PAGES[name] && !NO_GENERATED_DIALOG[name]);
    expect(unclassified, 'add the page of its dialog to HAND_WRITTEN_PAGES (or why it has none to NO_GENERATED_DIALOG)').toEqual([]);
    expect(Object.keys(NO_GENERATED_DIALOG).filter((name) => PAGES[name])).toEqual([]);
  });

  it('every covered resource is in one group of files', () => {
    expect(groupsOf(parts).flat().sort()).toEqual([...covered].sort());
    expect(group.length).toBeGreaterThan(0);
  });

  it.each(group)('%s: every field keeps what is typed, or says why not in Spanish', async (name) => {
    const problems = await roundTrip(resourceList.find((s) => s.name === name)!, PAGES[name]);
    problems.push(...pageErrors.splice(0).map((error) => ({ key: `${name}:page-error`, detail: error })));
    expect(problems.filter((p) => !knownAs(p.key)).map((p) => `${p.key} — ${p.detail}`), 'unexpected problems').toEqual([]);
    knownSeen.push(...problems.map((p) => knownAs(p.key)!));
  }, 360_000);

  it('every known failure still fails (else the fix has landed: remove its entry)', () => {
    const mine = Object.keys(KNOWN_FAILURES).filter((pattern) => pattern.split(':')[0] === '*' || group.includes(pattern.split(':')[0]));
    expect(mine.filter((pattern) => !knownSeen.includes(pattern))).toEqual([]);
  });
}

/** A message zod or the browser writes by default, in English. */
const ENGLISH = /invalid|expected|required|must|please|too (big|small)/i;

async function roundTrip(schema: ResourceSchema, where: DialogPage): Promise<Problem[]> {
  const name = schema.name;
  const problems: Problem[] = [];
  const note = (key: string, detail: string) => problems.push({ key: `${name}:${key}`, detail });
  const canCreate = schema.access.create.includes('admin');
  const createFields = dialogFields(schema, 'create', where.fields);
  const editFields = dialogFields(schema, 'update', where.fields);

  const api = async (path: string) => {
    const { body } = await t.call('GET', path, { token });
    if (body.code !== Code.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const existing: Array<Record<string, unknown>> = await api(`/api/${name}/all`);
  const used = Object.fromEntries(schema.fields.map((f) => [f.name, new Set(existing.map((r) => r[f.name]))]));
  const samples = baselineSamples(schema, canCreate ? createFields : editFields, crypto.randomBytes(3).toString('hex'), used);

  // Writes of this resource the dialog sends (a refused form must send none).
  let writes = 0;
  const countWrites = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && new RegExp(`/api/${name}/(create|update)$`).test(new URL(request.url()).pathname)) writes++;
  };
  page.on('request', countWrites);
  try {
    // The list is read once the resource's page of records has come (rather than waiting for the network to be quiet).
    const listRead = () => page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/${name}/page/`));
    let listed = listRead();
    await page.goto(`${t.url}${where.path}?sort=id&order=DESC`);
    if (where.tab) {
      await page.getByRole('tab', { name: where.tab }).click();
      // A tab kept in the address (the documents' «Categorías») replaces its query: newest first again.
      const address = new URL(page.url());
      if (!address.searchParams.has('sort')) {
        address.searchParams.set('sort', 'id');
        address.searchParams.set('order', 'DESC');
        listed.catch(() => undefined);
        listed = listRead();
        await page.goto(address.toString());
      }
    }
    await listed;

    let id: number;
    if (canCreate) {
      // 1. Hostile text in the create dialog.
      let dialog = await openCreate(createFields);
      const violations = await violationsOf(page, { include: '[role=dialog]' });
      for (const violation of violations.filter((v) => /\((critical|serious)\)/.test(v))) note('axe', violation);
      for (const hostile of HOSTILE) await hostileMessages(dialog, 'create', {}, hostile, note);
      await dialog.close();
      await dialog.root.waitFor({ state: 'hidden' });

      // 2. A new record with only what is required.
      dialog = await openCreate(createFields);
      const values: Record<string, unknown> = {};
      for (const field of createFields) {
        if (!field.validate || isFileField(field) || !isVisible(field, values) || !isRequired(field)) continue;
        await dialog.set(field, samples[field.name]);
        values[field.name] = samples[field.name].value;
      }
      for (const field of createFields.filter(isFileField)) {
        const required = field.file!.requiredOnCreate || schema.fileRules?.(values, {}, 'create')[field.name];
        if (required && await dialog.isOnScreen(field)) await dialog.upload(field);
      }
      Object.assign(values, await where.prepareCreate?.(dialog, samples));
      const shown = asReopened(await dialog.readAll());
      const saved = await save(dialog, 'create', note);
      if (saved === null) return problems;
      id = saved;
      dialog = await reopen(id, editFields);
      compare(await settle(() => dialog.readAll(), shown), shown, 'create:kept', note);
      await dialog.close();
      await dialog.root.waitFor({ state: 'hidden' });
    } else {
      id = Number((await api(`/api/${name}/page/1?sort=id&order=DESC&per_page=1`)).items[0].id);
    }

    // 3. Every field set to a valid value in the edit dialog.
    let dialog = await reopen(id, editFields);
    const values: Record<string, unknown> = await api(`/api/${name}/data/${id}`);
    for (const field of editFields) {
      if (!field.validate || isFileField(field) || field.type === 'password' || field.edit === 'readonly' || !samples[field.name]) continue;
      if (!isVisible(field, values)) continue;
      // A choice that already shows its sample (or, for a reference, any option) is left as it is.
      const now = await dialog.read(field);
      if (
        !TYPED.has(field.type)
        && (field.type === 'reference' ? now : now === samples[field.name].text || now === samples[field.name].checked)
      )
        continue;
      await dialog.set(field, samples[field.name]);
      values[field.name] = samples[field.name].value;
    }
    let shown = asReopened(await dialog.readAll());
    if (await save(dialog, 'update', note, id) === null) return problems;
    dialog = await reopen(id, editFields);
    compare(await settle(() => dialog.readAll(), shown), shown, 'update:kept', note);

    // 4. Hostile text in the edit dialog: messages, then what is accepted is saved and opened again.
    for (const hostile of HOSTILE) {
      const record: Record<string, unknown> = await api(`/api/${name}/data/${id}`);
      const { typed, predicted } = await hostileMessages(dialog, 'update', record, hostile, note);
      const refusedHere = Object.keys(predicted).filter((field) => field in typed);
      if (refusedHere.length) {
        const before = writes;
        if (await dialog.saveButton().isEnabled()) await dialog.saveButton().click();
        const after = await settle(() => dialog.errors(), pick(predicted, Object.keys(typed)), 3_000);
        compare(after, pick(predicted, Object.keys(typed)), `update:${hostile.name}:after-save`, note);
        if (writes !== before) note(`update:${hostile.name}:sent`, 'a refused form was sent to the server');
        const now = await dialog.readAll();
        for (const fieldName of refusedHere) {
          if (now[fieldName] !== typed[fieldName])
            note(`update:${fieldName}:${hostile.name}:kept-after-save`, `shows ${short(now[fieldName])}, typed ${short(typed[fieldName])}`);
        }
      }
      // The accepted texts stay; every other typed field gets its valid value back (the record's rules may refuse a mix).
      let accepted = Object.keys(typed).filter((field) => !(field in predicted));
      const valid = (names: string[]) => validateRecord(schema, 'update', {
        ...record,
        ...Object.fromEntries(Object.keys(typed).map((f) => [f, names.includes(f) ? heldValue(fieldOf(f), typed[f]) : samples[f].value])),
      });
      for (let result = valid(accepted); !result.ok; result = valid(accepted)) {
        const blamed = accepted.filter((f) => f in result.errors);
        accepted = blamed.length ? accepted.filter((f) => !blamed.includes(f)) : accepted.slice(0, -1);
      }
      const refused = Object.keys(typed).filter((f) => !accepted.includes(f));
      for (const [i, field] of refused.entries()) await dialog.type(fieldOf(field), samples[field].text, { stay: i < refused.length - 1 });
      if (!accepted.length) continue;
      const result = valid(accepted) as { ok: true; data: Record<string, unknown> };
      shown = asReopened(await dialog.readAll());
      for (const field of accepted) {
        const canonical = shownAs(fieldOf(field), result.data[field]);
        shown[field] = canonical;
        if (!sameMeaning(fieldOf(field), typed[field], canonical)) {
          note(
            `update:${field}:${hostile.name}:meaning`,
            `typed ${short(typed[field])}, the rule keeps ${short(result.data[field])} (shown ${short(canonical)})`,
          );
        }
      }
      if (await save(dialog, `update:${hostile.name}`, note, id) === null) return problems;
      dialog = await reopen(id, editFields);
      compare(await settle(() => dialog.readAll(), shown), shown, `update:${hostile.name}:kept`, note);
    }
    await dialog.close();
    await dialog.root.waitFor({ state: 'hidden' });
    return problems;
  } finally {
    page.off('request', countWrites);
  }

  /**
   * What the dialog shows once saved and opened again: a write-only field (a password) comes back empty, a
   * decimal as its rule reads what was typed, written with its places ("1,5" in a price opens as "1,50", issue 43).
   */
  function asReopened(shown: Record<string, Shown>) {
    return Object.fromEntries(Object.entries(shown).map(([name, value]) => {
      const field = fieldOf(name);
      if (field.writeOnly) return [name, ''];
      if (field.type !== 'decimal' || typeof value !== 'string' || value.trim() === '') return [name, value];
      const read = field.validate ? ruleOf(field).safeParse(value) : undefined;
      return [name, read?.success ? shownAs(field, read.data) : value];
    }));
  }

  function fieldOf(fieldName: string): FieldDef {
    return schema.fields.find((f) => f.name === fieldName)!;
  }

  async function openCreate(fields: FieldDef[]) {
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const dialog = new GeneratedDialog(page, fields);
    await dialog.waitOpen();
    return dialog;
  }

  /**
   * Opens the edit dialog of record `id`, the list's first row (newest first), once the list shows it. A
   * click that opened nothing (it landed as the list drew its rows again after a save) is made again.
   */
  async function reopen(recordId: number, fields: FieldDef[]) {
    const dialog = new GeneratedDialog(page, fields);
    for (let attempt = 1; ; attempt++) {
      const loaded = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/${name}/data/`), { timeout: 5_000 });
      await page.locator('tbody tr').first().locator('td').first().click();
      const response = await loaded.catch(() => null);
      const opened = response && Number(new URL(response.url()).pathname.split('/').pop());
      if (opened) await dialog.waitOpen();
      if (opened === recordId) return dialog;
      if (attempt === 4) {
        const why = opened ? `the list's first row is record ${opened}, not ${recordId}` : 'a click on the first row read no record';
        throw new Error(`${name}: ${why}`);
      }
      // The list had not caught up with a new record yet, or the click opened nothing.
      if (await dialog.root.isVisible()) {
        await dialog.close();
        await dialog.root.waitFor({ state: 'hidden' });
      }
      await networkQuiet(page);
    }
  }

  /** Saves; the record's id once saved and the dialog closed, or null (the reason noted). */
  async function save(dialog: GeneratedDialog, step: string, record: typeof note, recordId?: number): Promise<number | null> {
    const answered = page.waitForResponse((r) => new RegExp(`/api/${name}/(create|update)$`).test(new URL(r.url()).pathname), {
      timeout: 10_000,
    });
    // A new record is the list's first row once the list has been read again.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/${name}/page/`), { timeout: 5_000 });
    listed.catch(() => undefined);
    const button = dialog.saveButton();
    if (!(await button.isEnabled())) {
      answered.catch(() => undefined);
      // An edit form whose values are the record's own has nothing to save; opening it again tells.
      if (recordId !== undefined) {
        await dialog.close();
        await dialog.root.waitFor({ state: 'hidden' });
        return recordId;
      }
      record(`${step}:save`, 'Guardar is disabled');
      await dialog.close();
      return null;
    }
    await button.click();
    const response = await answered.catch(() => null);
    const body = await response?.json().catch(() => null);
    if (!response || ![Code.ok, Code.okWithMessage].includes(body?.code)) {
      const messages = Object.entries(await dialog.errors()).map(([f, m]) => `${f}: ${m}`);
      record(
        `${step}:save`,
        `not saved (${response ? `${response.status()} «${body?.message}» ${short(body?.error ?? null)}` : 'nothing sent'}); `
        + `messages under the fields: ${messages.join('; ') || 'none'}`,
      );
      await dialog.close();
      await dialog.root.waitFor({ state: 'hidden' });
      return null;
    }
    await dialog.root.waitFor({ state: 'hidden' });
    if (recordId === undefined) await listed.catch(() => undefined);
    return Number(body.data.id);
  }

  /**
   * Types one hostile text into every typed field the dialog lets the user write, and checks each field's
   * message against the schema's rules for the whole form (`base`: the record being edited).
   */
  async function hostileMessages(
    dialog: GeneratedDialog,
    mode: FormMode,
    base: Record<string, unknown>,
    hostile: (typeof HOSTILE)[number],
    record: typeof note,
  ) {
    const targets = await dialog.typeable(
      dialog.fields.filter((field) => TYPED.has(field.type) && field.validate && !(mode === 'update' && field.edit === 'readonly')),
    );
    const typed: Record<string, string> = {};
    for (const [i, field] of targets.entries()) {
      typed[field.name] = hostile.text(samples[field.name].text);
      await dialog.type(field, typed[field.name], { stay: i < targets.length - 1 });
    }
    const values = { ...base, ...Object.fromEntries(targets.map((f) => [f.name, heldValue(f, typed[f.name])])) };
    const result = validateRecord(schema, mode, values);
    const predicted = result.ok ? {} : result.errors;
    const expected = pick(predicted, Object.keys(typed));
    const errors = await settle(async () => pick(await dialog.errors(), Object.keys(typed)), expected, 2_000);
    const shown = await dialog.readAll();
    const bubbles = await dialog.browserValidation(targets);
    for (const field of targets) {
      const key = `${mode}:${field.name}:${hostile.name}`;
      if (errors[field.name] !== expected[field.name]) {
        record(
          `${key}:message`,
          `typed ${short(typed[field.name])}: expected ${quoted(expected[field.name]) ?? 'no message'}, `
          + `shows ${quoted(errors[field.name]) ?? 'none'}`,
        );
      }
      if (expected[field.name] && ENGLISH.test(expected[field.name]))
        record(`${key}:english`, `the rule's message is not Spanish: «${expected[field.name]}»`);
      if (shown[field.name] !== typed[field.name])
        record(`${key}:kept`, `typed ${short(typed[field.name])}, the input shows ${short(shown[field.name])}`);
      if (bubbles[field.name]) record(`${key}:bubble`, `the browser's own validation: ${bubbles[field.name]}`);
    }
    return { typed, predicted };
  }
}

function pick(map: Record<string, string>, keys: string[]) {
  return Object.fromEntries(keys.filter((key) => key in map).map((key) => [key, map[key]]));
}

/** Notes every field whose shown value differs from the expected one. */
function compare(
  actual: Record<string, Shown | string>,
  expected: Record<string, Shown | string>,
  step: string,
  note: (key: string, detail: string) => void,
) {
  for (const field of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (actual[field] !== expected[field])
      note(`${step}:${field}`, `expected ${short(expected[field] ?? null)}, shows ${short(actual[field] ?? null)}`);
  }
}
