/**
 * The API reference at `/api/docs`: the audience's OpenAPI document (document.ts) written out as one HTML
 * page on the server, in Spanish. Our own rather than a packaged viewer (docs/decisions.md): the packaged
 * ones need Node 22 or speak no Spanish. Nothing here is declared twice: every word about an operation
 * comes from the document, and so from the contracts.
 *
 * The page works without JavaScript (a <details> per area, then per operation) and loads nothing from
 * other sites; its CSS is an inline <style>, which the app's CSP allows (`style-src 'unsafe-inline'`),
 * and its one script, the search box, is ours and optional (SEARCH_SCRIPT_PATH).
 */
import { parseMarkdown, type Inline } from '../../../shared/markdown';
import type { Json } from './schemas';

/** The search box's script (plugins/apiDocs/index.ts serves it): the page works without it. */
export const SEARCH_SCRIPT_PATH = '/assets/api-docs/search.js';

// ---------------------------------------------------------------- reading the document

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const hasKey = (schema: Json, key: string) => Object.hasOwn(schema, key);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const COMPONENT_REF = '#/components/schemas/';

interface Operation {
  method: string;
  path: string;
  operation: Json;
}

/** Everything the page is written from, read once. */
interface Reading {
  components: Json;
  /** The document's security schemes: which header or cookie carries the session. */
  schemes: Json;
  origin: string;
}

// ---------------------------------------------------------------- HTML

/** Text as HTML: every string that goes into the page goes through here (or through `code`). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;

/** An anchor's id from any name: the same name always gives the same id, and nothing in it needs escaping. */
function slug(value: string): string {
  const plain = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return plain.replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

const schemaAnchor = (name: string) => `esquema-${slug(name)}`;

/** Inline Markdown of the document's descriptions: the shared small Markdown, plus `code` spans. */
function inlineHtml(nodes: Inline[]): string {
  return nodes.map((node) => {
    if (node.type === 'text') {
      return node.text.split('`').map((part, i) => (i % 2 ? code(part) : escapeHtml(part))).join('');
    }
    if (node.type === 'br') return '<br>';
    if (node.type === 'link') return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer">${inlineHtml(node.children)}</a>`;
    const tag = node.type === 'strong' ? 'strong' : 'em';
    return `<${tag}>${inlineHtml(node.children)}</${tag}>`;
  }).join('');
}

/** A description (Markdown) as paragraphs and lists. */
function markdownHtml(source: string | undefined, className = 'description'): string {
  if (!source?.trim()) return '';
  const blocks = parseMarkdown(source).map((block) => {
    if (block.type === 'paragraph') return `<p>${inlineHtml(block.children)}</p>`;
    const tag = block.ordered ? 'ol' : 'ul';
    return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
  });
  return `<div class="${className}">${blocks.join('')}</div>`;
}

/** A JSON value as the reader would type it. */
const jsonValue = (value: unknown) => code(JSON.stringify(value) ?? String(value));

// ---------------------------------------------------------------- JSON Schema in words

const TYPE_WORDS: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'entero',
  boolean: 'booleano',
  object: 'objeto',
  null: 'nulo',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'fecha-hora',
  'date': 'fecha',
  'time': 'hora',
  'email': 'correo electrónico',
  'uri': 'URL',
  'uuid': 'UUID',
};

/** A `$ref` as a link to its component in «Esquemas», or as code when it points elsewhere. */
function refHtml(ref: string, reading: Reading): string {
  const name = ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : undefined;
  if (name === undefined || !hasKey(reading.components, name)) return code(ref);
  return `<a class="ref" href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
}

/** One JSON type's word; `schema` gives a string's format or an array's items. */
function typeWord(type: string, schema: Json, reading: Reading): string {
  if (type === 'string') {
    const media = text(schema.contentMediaType);
    if (media) return `archivo (${escapeHtml(media)})`;
    const format = text(schema.format);
    if (format) return escapeHtml(FORMAT_WORDS[format] ?? `texto (${format})`);
  }
  if (type === 'array') {
    const items = schema.items;
    return isRecord(items) && Object.keys(items).length ? `lista de ${typeHtml(items, reading)}` : 'lista';
  }
  return escapeHtml(TYPE_WORDS[type] ?? type);
}

const branches = (schema: Json) => [...list(schema.anyOf), ...list(schema.oneOf)].filter(isRecord);

/** A schema's type in Spanish words, with its `$ref`s as links. */
function typeHtml(schema: Json, reading: Reading): string {
  const ref = text(schema.$ref);
  if (ref) return refHtml(ref, reading);
  const types = list(schema.type).filter((t): t is string => typeof t === 'string');
  const single = text(schema.type);
  if (single) return typeWord(single, schema, reading);
  // `type: ['string', 'null']` (zod's nullable) reads as the choice it is.
  if (types.length) return `uno de: ${types.map((type) => typeWord(type, schema, reading)).join(', ')}`;
  const options = branches(schema);
  if (options.length) return `uno de: ${options.map((option) => typeHtml(option, reading)).join(', ')}`;
  const all = list(schema.allOf).filter(isRecord);
  if (all.length) {
    // The answers' envelope: «Respuesta, con:» and the fields this answer adds, listed below.
    const refs = all.filter((part) => text(part.$ref));
    if (!refs.length) return all.map((part) => typeHtml(part, reading)).join(' y ');
    return `${refs.map((part) => typeHtml(part, reading)).join(' y ')}${refs.length < all.length ? ', con:' : ''}`;
  }
  if (hasKey(schema, 'const')) return `el valor ${jsonValue(schema.const)}`;
  if (Array.isArray(schema.enum)) return 'uno de los valores';
  if (isRecord(schema.properties)) return 'objeto';
  return 'cualquiera';
}

/** What a schema restricts, in words: ranges, lengths, patterns, values. */
function constraintsHtml(schema: Json): string[] {
  const said: string[] = [];
  const number = (key: string, words: string) => {
    if (typeof schema[key] === 'number') said.push(`${words} ${escapeHtml(String(schema[key]))}`);
  };
  number('minimum', 'mínimo');
  number('maximum', 'máximo');
  number('exclusiveMinimum', 'mayor que');
  number('exclusiveMaximum', 'menor que');
  number('multipleOf', 'múltiplo de');
  number('minLength', 'mínimo de caracteres:');
  number('maxLength', 'máximo de caracteres:');
  number('minItems', 'mínimo de elementos:');
  number('maxItems', 'máximo de elementos:');
  const pattern = text(schema.pattern);
  if (pattern) said.push(`patrón ${code(pattern)}`);
  if (Array.isArray(schema.enum)) said.push(`valores: ${schema.enum.map(jsonValue).join(', ')}`);
  if (hasKey(schema, 'default')) said.push(`por defecto ${jsonValue(schema.default)}`);
  const examples = list(schema.examples);
  if (examples.length) said.push(`${examples.length > 1 ? 'ejemplos' : 'ejemplo'}: ${examples.map(jsonValue).join(', ')}`);
  return said;
}

/**
 * What a schema holds below itself, as a nested list: an object's properties (and its other keys), an
 * array's items, each option of a choice, each part of an `allOf`. A `$ref` holds nothing here: it is a
 * link, and its component is written once in «Esquemas», so a cycle ends at the link.
 */
function childrenHtml(schema: Json, reading: Reading, ancestors: Set<Json>): string {
  if (ancestors.has(schema) || text(schema.$ref)) return '';
  const inside = new Set(ancestors).add(schema);
  const items: string[] = [];
  const required = new Set(list(schema.required).filter((name): name is string => typeof name === 'string'));
  for (const [name, property] of Object.entries(record(schema.properties))) {
    items.push(propertyHtml(code(name), record(property), required.has(name), reading, inside));
  }
  const extra = schema.additionalProperties;
  if (isRecord(extra)) items.push(propertyHtml('<span class="any-key">cualquier otra clave</span>', extra, false, reading, inside));
  if (isRecord(schema.items)) {
    const nested = childrenHtml(schema.items, reading, inside);
    if (nested) items.push(`<li><span class="item-label">cada elemento:</span>${nested}</li>`);
  }
  const options = branches(schema);
  if (options.some((option) => childrenHtml(option, reading, inside))) {
    options.forEach((option, i) => items.push(`<li><span class="item-label">opción ${i + 1}: ${typeHtml(option, reading)}</span>${
      childrenHtml(option, reading, inside)}</li>`));
  }
  const parts = list(schema.allOf).filter(isRecord).map((part) => childrenHtml(part, reading, inside)).filter(Boolean);
  return items.length || parts.length ? `${items.length ? `<ul class="schema">${items.join('')}</ul>` : ''}${parts.join('')}` : '';
}

/** One property: name, type, «obligatorio», description, restrictions and what it holds. */
function propertyHtml(nameHtml: string, schema: Json, required: boolean, reading: Reading, ancestors: Set<Json>): string {
  const parts = [
    `<span class="prop-name">${nameHtml}</span>`,
    `<span class="type">${typeHtml(schema, reading)}</span>`,
    required ? '<span class="required">obligatorio</span>' : '',
  ].filter(Boolean).join(' ');
  const description = text(schema.description);
  const constraints = constraintsHtml(schema);
  return `<li><div class="prop">${parts}</div>${description ? `<div class="prop-description">${escapeHtml(description)}</div>` : ''}${
    constraints.length ? `<div class="constraints">${constraints.join(' · ')}</div>` : ''}${childrenHtml(schema, reading, ancestors)}</li>`;
}

/** A whole schema (a body's, an answer's, a component's): its type, description, restrictions and contents. */
function schemaHtml(schema: Json, reading: Reading): string {
  const description = text(schema.description);
  const constraints = constraintsHtml(schema);
  return `<div class="schema-root"><p class="schema-type">Tipo: <span class="type">${typeHtml(schema, reading)}</span></p>${
    description ? `<p class="prop-description">${escapeHtml(description)}</p>` : ''}${
    constraints.length ? `<p class="constraints">${constraints.join(' · ')}</p>` : ''}${childrenHtml(schema, reading, new Set())}</div>`;
}

// ---------------------------------------------------------------- an operation

/** The method and path, the path's parameters marked. */
function endpointHtml(method: string, path: string): string {
  const pathHtml = escapeHtml(path).replace(/\{([^}]+)\}/g, '<span class="path-param">{$1}</span>');
  const badge = `<span class="method method-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>`;
  return `${badge} <code class="path">${pathHtml}</code>`;
}

const PLACES: Record<string, string> = { path: 'ruta', query: 'consulta', header: 'cabecera', cookie: 'cookie' };

function parametersHtml(parameters: Json[], label: string, reading: Reading): string {
  if (!parameters.length) return '';
  const rows = parameters.map((parameter) => {
    const schema = record(parameter.schema);
    const required = parameter.required === true || parameter.in === 'path';
    const description = text(parameter.description) ?? text(schema.description);
    const place = text(parameter.in) ?? '';
    return `<tr><th scope="row">${code(text(parameter.name) ?? '')}</th><td>${escapeHtml(PLACES[place] ?? place)}</td>`
      + `<td>${typeHtml(schema, reading)}</td><td>${required ? 'Sí' : 'No'}</td><td>${description ? escapeHtml(description) : ''}</td>`
      + `<td>${constraintsHtml(schema).join(' · ')}</td></tr>`;
  });
  return `<h4>Parámetros</h4><div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(`Parámetros de ${label}`)}">`
    + '<table><thead><tr><th scope="col">Nombre</th><th scope="col">Dónde</th><th scope="col">Tipo</th><th scope="col">Obligatorio</th>'
    + `<th scope="col">Descripción</th><th scope="col">Restricciones</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** Each media type of a body or an answer with its schema (the type named when there is more than one). */
function contentHtml(content: Json, reading: Reading): string {
  const entries = Object.entries(content);
  return entries.map(([media, value]) => `${entries.length > 1 || media !== 'application/json'
    ? `<p class="media">Como ${code(media)}:</p>`
    : ''}${schemaHtml(record(record(value).schema), reading)}`).join('');
}

function requestBodyHtml(body: Json, reading: Reading): string {
  const required = body.required === true ? ' <span class="required">obligatorio</span>' : '';
  return `<h4>Cuerpo de la petición${required}</h4>${markdownHtml(text(body.description))}${contentHtml(record(body.content), reading)}`;
}

function responsesHtml(responses: Json, reading: Reading): string {
  const items = Object.entries(responses).map(([status, value]) => {
    const response = record(value);
    const kind = /^[1-5]/.test(status) ? status[0] : 'x';
    return `<li class="response"><div class="status-line"><span class="status status-${kind}xx">${escapeHtml(status)}</span>${
      markdownHtml(text(response.description), 'status-description')}</div>${contentHtml(record(response.content), reading)}</li>`;
  });
  return items.length ? `<h4>Respuestas</h4><ul class="responses">${items.join('')}</ul>` : '';
}

/** The schemes an operation may use, in words: which header or cookie carries the session. */
function securityHtml(operation: Json, reading: Reading): string {
  const names = [...new Set(list(operation.security).flatMap((requirement) => Object.keys(record(requirement))))];
  if (!names.length) return '';
  const ways = names.map((name) => {
    const scheme = record(reading.schemes[name]);
    const where = text(scheme.in) === 'cookie' ? 'la cookie' : 'la cabecera';
    return `${where} ${code(text(scheme.name) ?? name)}`;
  });
  return `<p class="auth">Necesita sesión: ${ways.join(' o ')}.</p>`;
}

/** A value of the schema's type to fill in: an object's every property, the first of its values. */
function skeleton(schema: Json, reading: Reading, seen: ReadonlySet<string>): unknown {
  const ref = text(schema.$ref);
  if (ref) {
    const name = ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : '';
    // A component met again inside itself is left empty: a cycle ends here.
    if (!hasKey(reading.components, name) || seen.has(name)) return {};
    return skeleton(record(reading.components[name]), reading, new Set(seen).add(name));
  }
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (hasKey(schema, 'const')) return schema.const;
  if (hasKey(schema, 'default')) return schema.default;
  const options = branches(schema);
  if (options.length) return skeleton(options.find((o) => o.type !== 'null') ?? options[0], reading, seen);
  const all = list(schema.allOf).filter(isRecord);
  if (all.length) return Object.assign({}, ...all.map((part) => record(skeleton(part, reading, seen))));
  const type = text(schema.type) ?? list(schema.type).find((t) => t !== 'null');
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = Object.entries(record(schema.properties));
    return Object.fromEntries(properties.map(([name, value]) => [name, skeleton(record(value), reading, seen)]));
  }
  if (type === 'array') return [];
  if (type === 'string') return '';
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  return null;
}

/** A single-quoted shell word. */
const shellWord = (value: string) => `'${value.replace(/'/g, '\'\\\'\'')}'`;

/** The call with curl: the method, the address, the session header when it needs one and a JSON body to fill in. */
function curlHtml({ method, path, operation }: Operation, reading: Reading): string {
  const lines = [`curl -X ${method.toUpperCase()}${path.includes('{') ? ' --globoff' : ''} ${shellWord(`${reading.origin}${path}`)}`];
  if (list(operation.security).length) lines.push(`-H ${shellWord('X-Token: SU_TOKEN')}`);
  const json = record(record(record(operation.requestBody).content)['application/json']).schema;
  if (isRecord(json)) {
    lines.push(`-H ${shellWord('Content-Type: application/json')}`);
    lines.push(`-d ${shellWord(JSON.stringify(skeleton(json, reading, new Set()), null, 2))}`);
  }
  return `<h4>Ejemplo con curl</h4><pre class="curl"><code>${escapeHtml(lines.join(' \\\n  '))}</code></pre>`;
}

function operationHtml(entry: Operation, reading: Reading): string {
  const { method, path, operation } = entry;
  const summary = text(operation.summary) ?? '';
  const label = `${method.toUpperCase()} ${path}`;
  const parameters = list(operation.parameters).filter(isRecord);
  const body = record(operation.requestBody);
  const searchable = `${label} ${summary}`.toLowerCase();
  return `<details class="operation" id="op-${slug(text(operation.operationId) ?? label)}" data-search="${escapeHtml(searchable)}">`
    + `<summary><h3><span class="endpoint">${endpointHtml(method, path)}</span> `
    + `<span class="op-summary">${escapeHtml(summary)}</span></h3></summary>`
    + `<div class="operation-body">${markdownHtml(text(operation.description))}${securityHtml(operation, reading)}`
    + `${parametersHtml(parameters, label, reading)}${Object.keys(body).length ? requestBodyHtml(body, reading) : ''}`
    + `${responsesHtml(record(operation.responses), reading)}${curlHtml(entry, reading)}</div></details>`;
}

// ---------------------------------------------------------------- the page

const count = (n: number) => `${n} ${n === 1 ? 'operación' : 'operaciones'}`;

/** The operations of the document grouped by their first tag, the tags in Spanish alphabetical order. */
function byTag(document: Json): Array<{ name: string; description?: string; operations: Operation[] }> {
  const described = new Map(list(document.tags).filter(isRecord).map((tag) => [text(tag.name) ?? '', text(tag.description)]));
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(record(document.paths))) {
    for (const [method, value] of Object.entries(record(item))) {
      if (!METHODS.includes(method) || !isRecord(value)) continue;
      const tag = text(list(value.tags)[0]) ?? 'Otras operaciones';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation: value }]);
    }
  }
  return [...groups.keys()].sort((a, b) => a.localeCompare(b, 'es'))
    .map((name) => ({ name, description: described.get(name), operations: groups.get(name)! }));
}

function componentsHtml(reading: Reading): string {
  const names = Object.keys(reading.components);
  if (!names.length) return '';
  const sections = names.map((name) => `<section class="component" id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-h">`
    + `<h3 id="${schemaAnchor(name)}-h">${code(name)}</h3>${schemaHtml(record(reading.components[name]), reading)}</section>`);
  return `<section class="components" aria-labelledby="esquemas"><h2 id="esquemas">Esquemas</h2>${sections.join('')}</section>`;
}

/** The document's version, its OpenAPI version and where to download it. */
function versionHtml(version: string | undefined, openapi: string | undefined): string {
  const said = [version && `Versión ${escapeHtml(version)}`, openapi && `OpenAPI ${escapeHtml(openapi)}`].filter(Boolean);
  return `<p class="version">${[...said, '<a href="/api/docs/openapi.json">el documento en JSON</a>'].join(' · ')}</p>`;
}

/**
 * The whole page of a document. `origin` (`https://host`) goes before the document's server address in the
 * curl examples, which is relative (`/`): the address the reader opened the page at.
 */
export function apiReferencePage(document: Json, origin: string): string {
  const info = record(document.info);
  const title = text(info.title) ?? 'API';
  const server = text(record(list(document.servers)[0]).url) ?? '/';
  const base = /^https?:\/\//.test(server) ? server : new URL(server, origin).href;
  const reading: Reading = {
    components: record(record(document.components).schemas),
    schemes: record(record(document.components).securitySchemes),
    origin: base.replace(/\/$/, ''),
  };
  const tags = byTag(document);
  const index = tags.map(({ name, operations }) =>
    `<li><a href="#area-${slug(name)}">${escapeHtml(name)}</a> <span class="count">${count(operations.length)}</span></li>`);
  const sections = tags.map(({ name, description, operations }) => `<section class="tag" aria-labelledby="area-${slug(name)}">`
    + `<details><summary><h2 id="area-${slug(name)}">${escapeHtml(name)}</h2> `
    + `<span class="count">${count(operations.length)}</span></summary>`
    + markdownHtml(description, 'tag-description')
    + `${operations.map((operation) => operationHtml(operation, reading)).join('')}</details></section>`);
  const version = text(info.version);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
<script src="${SEARCH_SCRIPT_PATH}" defer></script>
</head>
<body>
<header class="page-header"><h1>${escapeHtml(title)}</h1>${versionHtml(version, text(document.openapi))}</header>
<main>
${markdownHtml(text(info.description), 'intro')}
<nav aria-labelledby="indice"><h2 id="indice">Áreas</h2><ul class="index">${index.join('')}</ul></nav>
<div id="buscar"></div>
<div class="tags">${sections.join('\n')}</div>
${componentsHtml(reading)}
</main>
</body>
</html>
`;
}

/** The page's look: system fonts, a colour per method, nothing wider than the screen. */
const STYLE = `
:root{--ink:#1f2328;--muted:#57606a;--line:#d0d7de;--soft:#f6f8fa;--accent:#0a58ca;color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);
background:#fff}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.9em}
code{overflow-wrap:anywhere}
a{color:var(--accent)}
.page-header{background:#0d2b45;color:#fff;padding:1.5rem 1rem}
.page-header h1{margin:0 auto;max-width:72rem;font-size:1.9rem}
.page-header .version{margin:.25rem auto 0;max-width:72rem;color:#d8e3ee}
.page-header a{color:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
.intro{background:var(--soft);border:1px solid var(--line);border-radius:8px;padding:.25rem 1rem;margin-bottom:1.5rem}
nav h2,.components>h2{font-size:1.3rem;margin:1.5rem 0 .5rem}
.index{list-style:none;padding:0;margin:0 0 1.5rem;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));
gap:.25rem 1rem}
.count{color:var(--muted);font-size:.85rem;font-weight:normal}
#buscar label{display:block;font-weight:600;margin-bottom:.25rem}
#buscar input{width:100%;max-width:30rem;font:inherit;padding:.5rem .75rem;border:1px solid #8c959f;border-radius:6px}
#buscar p{margin:.25rem 0 1rem;color:var(--muted)}
.tag>details{border:1px solid var(--line);border-radius:8px;margin:.5rem 0;background:#fff}
.tag>details>summary{cursor:pointer;padding:.6rem 1rem;background:var(--soft);border-radius:8px}
.tag>details[open]>summary{border-bottom:1px solid var(--line);border-radius:8px 8px 0 0}
summary h2,summary h3{display:inline;margin:0}
summary h2{font-size:1.15rem}
.tag-description{padding:0 1rem;color:var(--muted)}
.operation{border-top:1px solid var(--line)}
.operation>summary{cursor:pointer;padding:.6rem 1rem}
.operation>summary h3{font-size:1rem;font-weight:normal}
.endpoint{white-space:nowrap}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;padding:.05rem .4rem;
font:600 .8rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#fff;vertical-align:.1em}
.method-get{background:#0a58ca}.method-post{background:#1a7f37}.method-put{background:#9a6700}.method-patch{background:#8250df}
.method-delete{background:#cf222e}
.path{white-space:normal;overflow-wrap:anywhere;font-weight:600}
.path-param{color:#8250df}
.op-summary{display:block;margin:.15rem 0 0 1.1rem}
.operation-body{padding:0 1rem 1rem 2rem}
.operation-body h4{margin:1rem 0 .4rem;font-size:.95rem}
.auth{font-size:.9rem;color:var(--muted)}
.required{color:#a40e26;font-size:.8rem;font-weight:600}
.table-scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-bottom:1px solid var(--line);min-width:6rem}
thead th{background:var(--soft)}
tbody tr:last-child>*{border-bottom:0}
ul.schema{list-style:none;margin:.25rem 0 .25rem .35rem;padding-left:1rem;border-left:2px solid var(--line)}
ul.schema li{margin:.3rem 0}
.prop{display:flex;flex-wrap:wrap;gap:.15rem .5rem;align-items:baseline}
.prop-name code{font-weight:600}
.type{color:#6e4a00;font-size:.9rem}
.type a{color:var(--accent)}
.prop-description{font-size:.9rem}
.constraints{font-size:.85rem;color:var(--muted)}
.item-label{font-size:.9rem;color:var(--muted)}
.any-key{font-size:.9rem;font-style:italic}
.schema-root{margin:.25rem 0}
.schema-type{margin:.25rem 0}
.media{margin:.5rem 0 .1rem;font-size:.9rem}
.responses{list-style:none;padding:0;margin:0}
.response{border-top:1px dashed var(--line);padding:.4rem 0}
.status-line{display:flex;gap:.5rem;align-items:baseline}
.status-line p{margin:0}
.status{font:600 .85rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:0 .35rem;border-radius:4px;
border:1px solid currentColor}
.status-2xx{color:#1a7f37}.status-4xx{color:#a40e26}.status-5xx{color:#a40e26}
.status-xxx,.status-1xx,.status-3xx{color:var(--muted)}
pre.curl{background:#0d1117;color:#e6edf3;padding:.75rem 1rem;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;
margin:0}
.components .component{border-top:1px solid var(--line);padding:.5rem 0}
.components h3{margin:.5rem 0 .25rem}.components h3 code{font-size:1rem}
[hidden]{display:none!important}
@media (max-width:600px){
  .page-header h1{font-size:1.5rem}
  main{padding:.75rem}
  .tag>details>summary{padding:.5rem .75rem}
  .operation>summary{padding:.5rem .75rem}
  .operation-body{padding:0 .75rem .75rem 1rem}
  .endpoint{white-space:normal}
}
`.replace(/\n\s*/g, '');
