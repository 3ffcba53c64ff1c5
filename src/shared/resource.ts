/**
 * The declaration type of `schemas/`: one object per resource says its fields, labels, validation and
 * access. The server derives the generic endpoints from it, the client the list and dialog screens.
 * How to write one, the access presets (`ACCESS`) and what the `taller` role may do: schemas/README.md.
 */
import type { z } from 'zod';
import type * as RulesModule from './rules';
import type { Role } from './roles';

/**
 * What a schema's rules are written with (src/shared/rules.ts): a field's rule is a function of it,
 * `validate: (r) => r.text(…)`, so that a schema's declaration (labels, fields, access) is read without
 * zod; the record dialogs and the server, which check records, build the rules (src/shared/recordRules.ts).
 */
export type Rules = typeof RulesModule;

export type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';
export type FormMode = 'create' | 'update';

export type FieldType
  = | 'text' | 'textarea' | 'email' | 'password' | 'integer' | 'decimal' | 'boolean'
    | 'select' | 'reference' | 'image' | 'file' | 'date' | 'datetime' | 'time' | 'json';

export interface Choice { value: string | number; label: string }

/** Rules for an uploaded file, checked by content on the server (magic bytes, real dimensions). */
export interface FileRule {
  kinds: Array<'png' | 'jpeg' | 'gif' | 'webp' | 'pdf'>;
  typeMessage: string;
  /** Exact pixel size, with the message shown when it differs. */
  dimensions?: { width: number; height: number; message: string };
  requiredOnCreate?: string;
  maxBytes?: number;
}

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  /**
   * Validation of the value as a form or an API body sends it, built from the rules toolbox when a record is
   * checked (`ruleOf`). Absent: the field is not writable.
   */
  validate?: (r: Rules) => z.ZodType;
  /** On update a blank value keeps the stored one (passwords). */
  blankKeepsOnUpdate?: boolean;
  reference?: string;
  choices?: readonly Choice[];
  decimals?: number;
  file?: FileRule;
  /** Where the field shows. Defaults: list false, filter false, create/edit true when writable. */
  list?: boolean;
  /** 'exact': a text filtered by its whole value (an id kept as text), not by a part of it. */
  filter?: boolean | 'exact';
  create?: boolean;
  edit?: boolean | 'readonly';
  /** Never sent to the browser (password hashes, secrets). */
  writeOnly?: boolean;
  /** Shown only when the record matches (e.g. client selector only for the client group). */
  showIf?: { field: string; equals: unknown };
  helperText?: string;
  fullWidth?: boolean;
  /** Digits shown left-padded with zeros to this length when a stored value is edited (postal codes). */
  zeroPad?: number;
  /**
   * A reference whose list may still be empty (no record to choose yet): what the empty choice list says
   * instead of «No coincide ninguna opción», with a link to where such a record is created.
   */
  whenNoChoices?: { text: string; linkText: string; to: string };
  /**
   * The message when another record already holds this value (shown under the field). The table's
   * unique constraint on the column does the refusing; this only says it in Spanish.
   */
  unique?: string;
  /**
   * The field as text when its value alone does not say it (phone rows, the CSV export): e.g. a
   * visibility that also counts its chosen clients. Runs in the browser and on the server alike.
   */
  text?(record: Record<string, unknown>): string;
}

export interface ResourceSchema {
  /** The API name, as in `/api/{name}/…`. */
  name: string;
  label: { one: string; many: string };
  /** Field shown in dropdowns and as the record's title. */
  titleField: string;
  /** Extra datum shown after the label in dropdowns. */
  extraField?: string;
  fields: FieldDef[];
  access: Record<Operation, Role[]>;
  /** Column tying a row to a client: client members only see and write their own client's rows. */
  clientScope?: string;
  /**
   * Catalogue images anyone may fetch by their link, for ever (public pages show them). Any other
   * resource's file links expire within the hour and are served only to a session that may read the
   * record (src/server/files/urls.ts).
   */
  publicFiles?: true;
  /** Fields the free-text filter `q` and `filteredDropdown` search in. */
  search?: string[];
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  dialogWidth?: number;
  /** Whole-record rules after the per-field ones (e.g. repeated password). */
  refine?: (data: Record<string, unknown>, ctx: z.RefinementCtx, mode: FormMode) => void;
  /**
   * A plain resource's page in the back office, its generated list and dialogs: the menu group it joins
   * (the group's path in src/client/routes.tsx, e.g. '/configuracion'; it comes last there), its own
   * path, and optionally its menu title (default: the plural label) and the name of its icon in
   * src/client/resourceIcons.ts (default: a table). Who sees it: the group's roles.
   */
  page?: { group: string; path: string; title?: string; icon?: string };
  /**
   * What the server adds to each record beside its fields (its `expand` hook's related rows and computed
   * values, server/resources/), as the API answers them: part of the record's contract (shared/contracts).
   */
  answer?: (r: Rules) => z.ZodRawShape;
  /** A resource that is one single record (app settings). */
  singleton?: boolean;
  /**
   * Big tables: the fields a list row carries (what the list screens show) instead of the whole record,
   * which getOne and the details endpoints answer. A page of orders is then a third of the bytes.
   */
  listRow?: readonly string[];
  /**
   * The `answer` keys every list row carries beside its `listRow` fields (what the list hooks add: a
   * client's name, a total): a row's contract requires them; the other `answer` keys come with the record only.
   */
  listExtras?: readonly string[];
  /**
   * Rules between files and other fields (e.g. an image required only for one cover type). `files`
   * says, per file field, whether the record will hold a file after this save.
   */
  fileRules?: (values: Record<string, unknown>, files: FilePresence, mode: FormMode) => Record<string, string>;
}

/** Per file field: 'new' when uploaded with this save, 'kept' when a stored file stays, else absent. */
export type FilePresence = Record<string, 'new' | 'kept' | undefined>;

/** The rule of an image field: PNG, JPEG, GIF or WEBP by content, up to 5 MB, plus any extra (exact size). */
export function imageRule(typeMessage: string, extra: Partial<FileRule> = {}): FileRule {
  return { kinds: ['png', 'jpeg', 'gif', 'webp'], typeMessage, maxBytes: 5_000_000, ...extra };
}

export function defineResource<const S extends ResourceSchema>(schema: S): S {
  return schema;
}

/**
 * What the back office's frame knows of every resource before any of its screens opens: its name, labels,
 * title field, who may do what, and its page in the menu. The browser gets these alone (schemas/summaries.ts);
 * a resource's fields and rules come with its own screens.
 */
export type ResourceSummary = Pick<ResourceSchema, 'name' | 'label' | 'titleField' | 'access' | 'page'>;

export const summaryOf = ({ name, label, titleField, access, page }: ResourceSchema): ResourceSummary =>
  ({ name, label, titleField, access, ...(page ? { page } : {}) });

/** A digits-only value left-padded with zeros to `length` ("8001" → "08001"); anything else as it is. */
export function zeroPadded(value: unknown, length: number): unknown {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d+$/.test(text) ? text.padStart(length, '0') : value;
}

export const isFileField = (f: FieldDef) => f.type === 'image' || f.type === 'file';

/** The fields a form of this mode writes. */
export function writableFields(schema: ResourceSchema, mode: FormMode): FieldDef[] {
  return schema.fields.filter((f) => {
    if (!f.validate || isFileField(f)) return false;
    return mode === 'create' ? f.create !== false : f.edit === undefined || f.edit === true;
  });
}
