/**
 * The API's documentation (issue 19 §5): an OpenAPI 3.1 document built from the routes as they are
 * registered, served with the Scalar viewer at `/api/docs`. Nothing is written by hand twice: paths,
 * methods and access come from each route's own options, the generic endpoints' bodies from the
 * resource schemas (their zod validation, through zod's JSON Schema output) and the named routes' from
 * their optional `config.docs` (the zod schema the handler parses). Without a staff session the
 * document holds only the public endpoints (what the web shop embeds); staff see every route.
 *
 * Registered after the auth plugin, so that its onRoute hook has already given every /api route its
 * access, and before the routes, so that this one sees them all.
 */
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import Fastify from 'fastify';
import { z } from 'zod';
import { getResource } from '../../../schemas';
import { isFileField, writableFields, type FieldDef, type FormMode, type Operation, type ResourceSchema } from '../../shared/resource';
import { GROUPS, OFFICE_AND_MEMBERS, type Role } from '../../shared/roles';
import type { RouteAccess } from './auth';

/** What a route says about itself for the documentation (`config.docs`); everything is optional. */
export interface RouteDocs {
  /** One line, in Spanish. */
  summary?: string;
  description?: string;
  /** The zod schema(s) the handler parses the JSON body with (several: their fields together). */
  body?: z.ZodType | z.ZodType[];
  /** A generic endpoint of this resource (routes/resources.ts): the rest follows from the schema. */
  resource?: ResourceSchema;
  /** A named route that takes a resource's record like the generic create/update (FormData aliases). */
  record?: { resource: ResourceSchema; mode: FormMode };
  /** What the envelope's `data` holds (src/shared/publicAnswers.ts for the public routes). */
  answer?: z.ZodType;
  /** The answer is a file of this type (PDF, CSV…), not the JSON envelope. */
  produces?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

/** A route as the document sees it. */
interface DocumentedRoute { method: string; url: string; access: RouteAccess; docs: RouteDocs; rateLimited: boolean }

type Json = Record<string, unknown>;

const DOCS_PATH = '/api/docs';
const DOCUMENT_PATH = `${DOCS_PATH}/openapi.json`;
/** A static asset like the SPA's own under /assets: outside the API, so no session is looked up for it. */
const SCRIPT_PATH = '/assets/scalar/api-reference.js';

const TITLE = 'API de Cobertores';
const INTRO = [
  'API del back office de Cobertores y de las páginas públicas que la tienda web inserta (la calculadora de cobertores y el seguimiento de pedidos).',
  '',
  '**Respuestas.** Toda respuesta JSON es un sobre `{ code, message?, data?, error? }`: `20000` correcto (el resultado en `data`), `20001` correcto con un `message` para mostrar, `30001` aviso, `40001` error (en `error`, cada campo con su mensaje en español), `50008`/`50012`/`50014` sesión no válida o caducada, `90001` mantenimiento. Los PDF y CSV se sirven tal cual.',
  '',
  '**Sesión.** `POST /api/external/login` con `{ identity, password }` devuelve `data.token` y deja la cookie HttpOnly `X-Token`. Las demás peticiones envían el token en la cabecera `X-Token` (o la cookie, desde el navegador; con la cookie sola, los cambios deben venir de nuestras propias páginas). Las rutas públicas no necesitan sesión y tienen un límite de peticiones por minuto (429 al pasarlo).',
  '',
  '**Qué se ve aquí.** Sin sesión de personal este documento sólo muestra las rutas públicas; con sesión de personal, todas, cada una con quién puede usarla.',
].join('\n');

/** Path segments that are not resources, by area (the resources' tags are their Spanish names). */
const AREA_TAGS: Record<string, string> = {
  'external': 'Sesión y contraseña', 'auth': 'Sesión y contraseña', 'calculator': 'Calculadora pública', 'orderItem': 'Carrito',
  'orderCalculus': 'Carrito', 'budgetCalculus': 'Presupuestos', 'budgetStatus': 'Presupuestos', 'traceability': 'Trazabilidad',
  'dashboard': 'Panel', 'timeRecords': 'Registro de jornada', 'docs': 'Documentación de la API', ':entity': 'Archivos',
};

/** What each area tag holds, shown under its name in the viewer. */
const AREA_TAG_DESCRIPTIONS: Record<string, string> = {
  'Sesión y contraseña': 'Inicio y cierre de sesión, datos del usuario conectado y recuperación de la contraseña.',
  'Calculadora pública': 'El precio de un cobertor para la calculadora que la tienda web inserta; sin sesión.',
  'Carrito': 'Las líneas de un pedido en preparación y sus precios.',
  'Presupuestos': 'Los presupuestos, sus cálculos, estados y documentos.',
  'Trazabilidad': 'Los pasos de fabricación de cada pedido en el taller.',
  'Panel': 'Las cifras del panel de inicio.',
  'Registro de jornada': 'Las entradas y salidas del personal del taller.',
  'Documentación de la API': 'Este documento y su visor.',
  'Archivos': 'Los archivos subidos de cada registro (imágenes, PDF).',
};

/** The description of a tag: its area's, or, for a resource's, what its routes are. */
function tagDescription(name: string): string {
  return AREA_TAG_DESCRIPTIONS[name] ?? `${name}: las rutas genéricas del recurso (listas, datos, alta, cambios y baja, según el rol) y las suyas propias.`;
}

/** The generic endpoints (routes/resources.ts) by their path after `/api/{resource}/`. */
const GENERIC: Record<string, { operation: Operation; summary: (s: ResourceSchema) => string }> = {
  'all': { operation: 'list', summary: (s) => `${s.label.many}: todos` },
  'page/:page': { operation: 'list', summary: (s) => `${s.label.many}: una página` },
  'dropdown': { operation: 'list', summary: (s) => `${s.label.many}: desplegable` },
  'filteredDropdown': { operation: 'list', summary: (s) => `${s.label.many}: desplegable filtrado` },
  'dropdownById/:id': { operation: 'read', summary: (s) => `${s.label.one}: opción de desplegable` },
  'data/:id': { operation: 'read', summary: (s) => `${s.label.one}: datos` },
  'create': { operation: 'create', summary: (s) => `${s.label.one}: crear` },
  'update': { operation: 'update', summary: (s) => `${s.label.one}: modificar` },
  'delete': { operation: 'delete', summary: (s) => `${s.label.one}: eliminar` },
};

/** Path parameters that are whole numbers (ids, pages, seasons, fares). */
const INTEGER_PARAMS = new Set(['id', 'page', 'season', 'fare', 'fareId', 'user_id']);

const roleNames = (roles: readonly Role[]) => roles.map((role) => GROUPS.find((g) => g.name === role)?.label ?? role).join(', ');

function accessText(access: RouteAccess): string {
  if (access === 'public') return 'Pública: sin sesión.';
  if (access === 'signedIn') return 'Cualquier usuario con sesión.';
  if (access === 'user') return `Con sesión: ${roleNames(OFFICE_AND_MEMBERS)}.`;
  return `Con sesión: ${roleNames(access)}.`;
}

/** `:name` → `{name}`; an optional `:name?` gives the path without it and the path with it. */
function openApiPaths(url: string): string[] {
  const withParams = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const optional = /\/:([A-Za-z0-9_]+)\?/.exec(url);
  if (!optional) return [withParams(url)];
  return [withParams(url.replace(optional[0], '')), withParams(url.replace(optional[0], `/:${optional[1]}`))];
}

// ---------------------------------------------------------------- JSON Schema from zod and the schemas

/** zod's JSON Schema of the input a rule accepts; preprocess/custom parts zod cannot express come out as `{}`. */
/** zod gives every `.int()` JavaScript's safe-integer range: noise for the reader, so it is left out. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function zodJson(rule: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  try {
    const { $schema: _ignored, ...json } = z.toJSONSchema(rule, { io, unrepresentable: 'any', override: withoutSafeIntegerBounds }) as Json;
    return json;
  } catch {
    return {};
  }
}

/** Whether the rule accepts a value that is not sent (a default, null or a conditional field). */
function acceptsMissing(rule: z.ZodType): boolean {
  try {
    return rule.safeParse(undefined).success;
  } catch {
    return false;
  }
}

const saysType = (json: Json) => ['type', 'anyOf', 'oneOf', 'enum', 'const', '$ref'].some((key) => key in json);

/** The JSON type of a field from its declaration, where zod cannot say it (custom rules, reading). */
function fieldTypeSchema(field: FieldDef): Json {
  if (field.choices?.length) {
    const values = field.choices.map((c) => c.value);
    return { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
  }
  switch (field.type) {
    case 'integer': return { type: 'integer' };
    case 'reference': return { type: 'integer', minimum: 1 };
    case 'decimal': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'time': return { type: 'integer', description: 'segundos desde las 00:00' };
    case 'date': return { type: 'string', format: 'date' };
    case 'datetime': return { type: 'string', examples: ['2026-11-22 09:30:00'] };
    case 'email': return { type: 'string', format: 'email' };
    case 'json': return {};
    case 'image': case 'file': return { type: 'string', description: 'URL firmada del archivo' };
    default: return { type: 'string' };
  }
}

/** A field as a body sends it: its validation's JSON Schema (else its declared type), labelled in Spanish. */
function writableFieldSchema(field: FieldDef): Json {
  const json = zodJson(field.validate!);
  let typed = saysType(json) ? json : { ...json, ...fieldTypeSchema(field) };
  // A rule that checks a range (1…2) rather than the list: the declared choices are what may be sent.
  if (field.choices?.length && !JSON.stringify(typed).includes('"enum"')) {
    const nullable = JSON.stringify(typed).includes('"null"');
    typed = { ...typed, enum: [...field.choices.map((c) => c.value), ...(nullable ? [null] : [])] };
  }
  const when = field.showIf ? ` (sólo cuando ${field.showIf.field} = ${JSON.stringify(field.showIf.equals)})` : '';
  return { ...typed, description: `${field.label}${when}${field.helperText ? `. ${field.helperText}` : ''}` };
}

/** The JSON body of a resource's create or update: the record's writable fields. */
function recordBodySchema(schema: ResourceSchema, mode: FormMode): Json {
  const fields = writableFields(schema, mode);
  const properties: Json = Object.fromEntries(fields.map((field) => [field.name, writableFieldSchema(field)]));
  if (mode === 'create') {
    // Required: what the validation refuses when missing (a conditional field only when its condition holds).
    const required = fields.filter((f) => !f.showIf && !acceptsMissing(f.validate!)).map((f) => f.name);
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  // An update merges into the stored record: only the id is needed; `updated_at` guards against lost changes.
  return {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Id del registro' },
      updated_at: { type: 'string', description: 'La versión editada (su updated_at): si otra persona lo ha guardado después, 30001 y no se guarda' },
      ...properties,
    },
    ...(schema.singleton ? {} : { required: ['id'] }),
  };
}

/** A create/update request body: JSON, or multipart with `data` plus the file fields when there are any. */
function recordRequestBody(schema: ResourceSchema, mode: FormMode): Json {
  const files = schema.fields.filter(isFileField);
  const content: Json = { 'application/json': { schema: recordBodySchema(schema, mode) } };
  if (files.length) {
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: {
          data: { type: 'string', description: 'El registro en JSON (los campos de application/json)' },
          ...Object.fromEntries(files.map((f) => [f.name, { type: 'string', contentMediaType: 'application/octet-stream', description: f.label }])),
        },
        required: ['data'],
      },
    };
  }
  return {
    required: true,
    description: 'Los campos del registro (también `{ "data": "<JSON>" }`).',
    content,
  };
}

/** A named route's zod body(ies) as one object: zod's properties, and required as the rules behave. */
function zodBodySchema(body: z.ZodType | z.ZodType[]): Json {
  const parts = [body].flat();
  const properties: Json = {};
  const required: string[] = [];
  for (const part of parts) {
    const json = zodJson(part);
    Object.assign(properties, (json.properties as Json | undefined) ?? {});
    const shape = (part as { shape?: Record<string, z.ZodType> }).shape;
    // zod calls every preprocessed field required; the rule itself tells whether a missing one passes.
    if (shape) required.push(...Object.entries(shape).filter(([, rule]) => !acceptsMissing(rule)).map(([name]) => name));
    else required.push(...((json.required as string[] | undefined) ?? []));
  }
  return { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) };
}

/** A record as the API answers it (write-only fields are never sent). */
function recordSchema(schema: ResourceSchema): Json {
  return {
    type: 'object',
    description: schema.label.one,
    properties: Object.fromEntries(schema.fields.filter((f) => !f.writeOnly).map((f) => [f.name, { ...fieldTypeSchema(f), description: f.label }])),
  };
}

// ---------------------------------------------------------------- operations

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const envelope = (data?: Json) => (data ? { allOf: [ref('Respuesta'), { type: 'object', properties: { data } }] } : ref('Respuesta'));
const jsonBody = (schema: Json, required = true) => ({ required, content: { 'application/json': { schema } } });
const recordName = (schema: ResourceSchema) => `registro.${schema.name}`;

/** What a generic endpoint takes and answers. */
function genericParts(schema: ResourceSchema, endpoint: string): { body?: Json; data?: Json; query?: Json[] } {
  const record = ref(recordName(schema));
  const filter = { name: 'filter', in: 'query', schema: { type: 'string' }, description: 'Filtro en JSON: `q` (texto libre), campos (un valor o una lista) y rangos `campo_gte` / `campo_lte`' };
  switch (endpoint) {
    case 'all': return { query: [filter], data: { type: 'array', items: record } };
    case 'page/:page': return {
      query: [
        { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 }, description: 'Filas por página (como mucho 100)' },
        { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'Campo por el que ordenar' },
        { name: 'order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'] } },
        filter,
      ],
      data: ref('Pagina'),
    };
    case 'dropdown': return { data: { type: 'array', items: ref('Opcion') } };
    case 'filteredDropdown': return {
      body: jsonBody({ type: 'object', properties: { query: { type: 'string', description: 'Texto buscado' }, limit: { type: 'integer', minimum: 1, maximum: 100 } } }, false),
      data: { type: 'array', items: ref('Opcion') },
    };
    case 'dropdownById/:id': return { data: ref('Opcion') };
    case 'data/:id': return { data: record };
    case 'create': return { body: recordRequestBody(schema, 'create'), data: record };
    case 'update': return { body: recordRequestBody(schema, 'update'), data: record };
    case 'delete': return { body: jsonBody({ type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] }) };
    default: return {};
  }
}

function tagOf(url: string): string {
  const segment = url.split('/')[2] ?? '';
  return getResource(segment)?.label.many ?? AREA_TAGS[segment] ?? segment;
}

/** Without a declared summary: the generic endpoint's, the record alias's, else the endpoint's own name. */
function defaultSummary(route: DocumentedRoute, generic: string | undefined): string {
  const record = route.docs.record;
  if (generic) return generic;
  if (record) return `${record.resource.label.one}: ${record.mode === 'create' ? 'crear' : 'modificar'}`;
  return route.url.replace(/\/:.*$/, '').split('/').pop() ?? route.url;
}

function operationOf(route: DocumentedRoute, path: string): Json {
  const { docs, access } = route;
  const resource = docs.resource;
  const endpoint = resource ? route.url.slice(`/api/${resource.name}/`.length) : '';
  const generic = resource ? GENERIC[endpoint] : undefined;
  const parts = resource ? genericParts(resource, endpoint) : docs.answer ? { data: zodJson(docs.answer, 'output') } : {};
  const lines = [docs.description, accessText(access)];
  if (resource && generic) lines.push(`Roles del recurso para esta operación: ${roleNames(resource.access[generic.operation])}.`);
  if (resource?.clientScope) lines.push('Un miembro de un cliente sólo ve y escribe las filas de su cliente.');

  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name, in: 'path', required: true, schema: INTEGER_PARAMS.has(name) ? { type: 'integer' } : { type: 'string' },
  }));
  const body = parts.body
    ?? (docs.record ? recordRequestBody(docs.record.resource, docs.record.mode) : undefined)
    ?? (docs.body ? jsonBody(zodBodySchema(docs.body)) : undefined);

  const responses: Json = docs.produces
    ? { 200: { description: 'El archivo', content: { [docs.produces]: { schema: { type: 'string', contentMediaType: docs.produces } } } } }
    : { 200: { description: 'Correcto: 20000, o 20001 con `message`', content: { 'application/json': { schema: envelope(parts.data) } } } };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  responses[400] = error('Datos no válidos: 40001 con `error` (campo → mensaje)');
  if (access !== 'public') responses[401] = error('Sin sesión o sesión caducada: 50008, 50012 o 50014');
  if (access !== 'public') responses[403] = error('El usuario no tiene permiso');
  if (route.rateLimited) responses[429] = error('Demasiadas peticiones: espere un momento');

  return {
    'operationId': `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    'summary': docs.summary ?? defaultSummary(route, generic?.summary(resource!)),
    'description': lines.filter(Boolean).join('\n\n'),
    'tags': [tagOf(route.url)],
    'security': access === 'public' ? [] : [{ cabeceraToken: [] }, { cookieSesion: [] }],
    'x-access': access,
    ...(parameters.length ? { parameters: [...parameters, ...(parts.query ?? [])] } : parts.query ? { parameters: parts.query } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/**
 * Whether a signed-in user with this role may call the route: the auth plugin's access, and for a
 * generic endpoint of a resource (open to every session there) the resource's roles for its operation.
 */
function mayCall(route: DocumentedRoute, role: Role): boolean {
  const resource = route.docs.resource;
  const generic = resource ? GENERIC[route.url.slice(`/api/${resource.name}/`.length)] : undefined;
  if (resource && generic) return resource.access[generic.operation].includes(role);
  if (route.access === 'public' || route.access === 'signedIn') return true;
  return (route.access === 'user' ? OFFICE_AND_MEMBERS : route.access).includes(role);
}

/** The OpenAPI document of the routes these roles may call (none: the public ones only). */
function openApiDocument(routes: DocumentedRoute[], roles: readonly Role[]): Json {
  const shown = routes.filter((route) => route.access === 'public' || roles.some((role) => mayCall(route, role)));
  const paths: Record<string, Json> = {};
  for (const route of shown) {
    for (const path of openApiPaths(route.url)) {
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, path) };
    }
  }
  const resources = [...new Map(shown.filter((r) => r.docs.resource).map((r) => [r.docs.resource!.name, r.docs.resource!])).values()];
  const tags = [...new Set(shown.map((r) => tagOf(r.url)))].sort((a, b) => a.localeCompare(b, 'es'))
    .map((name) => ({ name, description: tagDescription(name) }));
  return {
    openapi: '3.1.0',
    // Not an open-source API: the licence says so, in SPDX's form for a licence of one's own.
    info: { title: TITLE, version: '1', description: INTRO, license: { name: 'Privada: uso interno de Cobertores', identifier: 'LicenseRef-Privada' } },
    servers: [{ url: '/', description: 'Este servidor' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        cabeceraToken: { type: 'apiKey', in: 'header', name: 'X-Token', description: 'El token que devuelve el inicio de sesión' },
        cookieSesion: { type: 'apiKey', in: 'cookie', name: 'X-Token', description: 'La cookie HttpOnly que deja el inicio de sesión' },
      },
      schemas: {
        Respuesta: {
          type: 'object', required: ['code'],
          properties: { code: { type: 'integer', enum: [20000, 20001] }, message: { type: 'string' }, data: {} },
        },
        Error: {
          type: 'object', required: ['code', 'message'],
          properties: {
            code: { type: 'integer', enum: [30001, 40001, 50008, 50012, 50014, 90001] },
            message: { type: 'string', description: 'En español, para mostrar' },
            error: { type: 'object', additionalProperties: { type: 'string' }, description: 'Campo → mensaje (40001)' },
          },
        },
        // Component names are ASCII: OpenAPI allows only ^[a-zA-Z0-9.\-_]+$ there, which code generators rely on.
        Opcion: { type: 'object', properties: { label: { type: 'string' }, value: {}, extra: {} } },
        Pagina: {
          type: 'object',
          properties: {
            items: { type: 'array', items: {} }, total: { type: 'integer', description: 'Exacto hasta 1.000; más allá, 1000 con total_capped' },
            total_capped: { type: 'boolean' }, page: { type: 'integer' }, per_page: { type: 'integer' }, has_next_page: { type: 'boolean' },
          },
        },
        // Records only where their endpoints are shown (never in the public document).
        ...Object.fromEntries(resources.map((schema) => [recordName(schema), recordSchema(schema)])),
      },
    },
  };
}

// ---------------------------------------------------------------- the viewer

/**
 * The viewer's page. Scalar's standalone script mounts itself from the `#api-reference` element (its
 * HTML API), so the page carries no inline script and the app's CSP (`script-src 'self'`) holds as it
 * is; the script injects its own <style>, which the app's `style-src 'unsafe-inline'` already allows.
 */
function viewerPage(): string {
  const configuration = {
    url: DOCUMENT_PATH,
    localization: { locale: 'es' },
    // Nothing from other sites (the CSP allows only our own): no CDN fonts, no telemetry, no hosted
    // developer tools or AI agent; the tags in Spanish alphabetical order.
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    hideClientButton: true,
    hideDarkModeToggle: true,
    tagsSorter: 'alpha',
    metaData: { title: TITLE },
  };
  const attribute = JSON.stringify(configuration).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE}</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-configuration="${attribute}"></script>
    <script src="${SCRIPT_PATH}"></script>
  </body>
</html>`;
}

/**
 * Scalar's standalone script, as its Fastify plugin serves it. The plugin's own routes cannot carry
 * our route options (access, rate limit), so it runs once on a scratch instance and we serve its file
 * (and a gzip copy), loaded on the first request: the 5 MB bundle costs nothing until someone reads the docs.
 */
let viewerScript: Promise<{ plain: Buffer; gzip: Buffer }> | undefined;
function loadViewerScript() {
  viewerScript ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const scratch = Fastify({ logger: false });
    await scratch.register(scalar, { routePrefix: '/scalar', configuration: { url: DOCUMENT_PATH } });
    const response = await scratch.inject({ method: 'GET', url: '/scalar/js/scalar.js' });
    await scratch.close();
    if (response.statusCode !== 200) throw new Error(`Scalar script: ${response.statusCode}`);
    return { plain: response.rawPayload, gzip: zlib.gzipSync(response.rawPayload) };
  })();
  viewerScript.catch(() => { viewerScript = undefined; });
  return viewerScript;
}

export default fp(async (app) => {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config ?? {};
    for (const method of [route.method].flat()) {
      // HEAD answers every GET by itself; OPTIONS is never an endpoint of ours.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, access: config.access ?? 'user', docs: config.docs ?? {}, rateLimited: !!config.rateLimit });
    }
  });

  // Built once per audience (a set of roles) on first use: every route is registered by the time a request arrives.
  const documents = new Map<string, string>();
  const documentFor = (roles: readonly Role[]) => {
    const audience = [...roles].sort().join(',');
    if (!documents.has(audience)) documents.set(audience, JSON.stringify(openApiDocument(routes, roles)));
    return documents.get(audience)!;
  };

  // Public, like the calculator's endpoints, and rate-limited like them.
  const open = (summary: string, produces: string) => ({
    config: { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' }, docs: { summary, produces } },
  });

  const page = viewerPage();
  app.get(DOCS_PATH, open('Esta documentación (el visor)', 'text/html'), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));

  app.get(DOCUMENT_PATH, open('El documento OpenAPI 3.1: las operaciones que puede llamar quien lo pide (sin sesión, las públicas)', 'application/json'), async (request, reply) =>
    // It depends on the session: never kept by a shared cache.
    reply.type('application/json; charset=utf-8').header('cache-control', 'private, no-store').header('vary', 'cookie, x-token')
      .send(documentFor(request.user?.roles ?? [])));

  app.get(SCRIPT_PATH, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    const script = await loadViewerScript();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    return gzip ? reply.header('content-encoding', 'gzip').send(script.gzip) : reply.send(script.plain);
  });
}, { name: 'api-docs' });
