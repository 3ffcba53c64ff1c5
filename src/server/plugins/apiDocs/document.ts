/**
 * The API's OpenAPI 3.1 document, built from the routes as they are registered: paths, methods and
 * access from each route's own options, the generic endpoints' bodies from the resource schemas and
 * the named routes' from their optional `config.docs` (schemas.ts turns both into JSON Schema).
 * Without a staff session the document holds only the public endpoints; staff see every route.
 */
import { getResource } from '../../../../schemas';
import type { z } from 'zod';
import type { FormMode, Operation, ResourceSchema } from '../../../shared/resource';
import { GROUPS, OFFICE_AND_MEMBERS, type Role } from '../../../shared/roles';
import type { RouteAccess } from '../auth';
import { recordRequestBody, recordSchema, zodBodySchema, zodJson, type Json } from './schemas';

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
export interface DocumentedRoute { method: string; url: string; access: RouteAccess; docs: RouteDocs; rateLimited: boolean }

export const TITLE = 'API de Cobertores';
const INTRO = [
  'API del back office de Cobertores y de las páginas públicas que la tienda web inserta '
  + '(la calculadora de cobertores y el seguimiento de pedidos).',
  '',
  '**Respuestas.** Toda respuesta JSON es un sobre `{ code, message?, data?, error? }`: '
  + '`20000` correcto (el resultado en `data`), `20001` correcto con un `message` para mostrar, `30001` aviso, '
  + '`40001` error (en `error`, cada campo con su mensaje en español), `50008`/`50012`/`50014` sesión no válida o caducada, '
  + '`90001` mantenimiento. Los PDF y CSV se sirven tal cual.',
  '',
  '**Sesión.** `POST /api/external/login` con `{ identity, password }` devuelve `data.token` y deja la cookie HttpOnly `X-Token`. '
  + 'Las demás peticiones envían el token en la cabecera `X-Token` (o la cookie, desde el navegador; '
  + 'con la cookie sola, los cambios deben venir de nuestras propias páginas). '
  + 'Las rutas públicas no necesitan sesión y tienen un límite de peticiones por minuto (429 al pasarlo).',
  '',
  '**Qué se ve aquí.** Sin sesión de personal este documento sólo muestra las rutas públicas; '
  + 'con sesión de personal, todas, cada una con quién puede usarla.',
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
  return (
    AREA_TAG_DESCRIPTIONS[name]
    ?? `${name}: las rutas genéricas del recurso (listas, datos, alta, cambios y baja, según el rol) y las suyas propias.`
  );
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

// ---------------------------------------------------------------- operations

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const envelope = (data?: Json) => (data ? { allOf: [ref('Respuesta'), { type: 'object', properties: { data } }] } : ref('Respuesta'));
const jsonBody = (schema: Json, required = true) => ({ required, content: { 'application/json': { schema } } });
const recordName = (schema: ResourceSchema) => `registro.${schema.name}`;

/** What a generic endpoint takes and answers. */
function genericParts(schema: ResourceSchema, endpoint: string): { body?: Json; data?: Json; query?: Json[] } {
  const record = ref(recordName(schema));
  const filter = {
    name: 'filter',
    in: 'query',
    schema: { type: 'string' },
    description: 'Filtro en JSON: `q` (texto libre), campos (un valor o una lista) y rangos `campo_gte` / `campo_lte`',
  };
  switch (endpoint) {
    case 'all': return { query: [filter], data: { type: 'array', items: record } };
    case 'page/:page': return {
      query: [
        {
          name: 'per_page',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: 100 },
          description: 'Filas por página (como mucho 100)',
        },
        { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'Campo por el que ordenar' },
        { name: 'order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'] } },
        filter,
      ],
      data: ref('Pagina'),
    };
    case 'dropdown': return { data: { type: 'array', items: ref('Opcion') } };
    case 'filteredDropdown': return {
      body: jsonBody(
        {
          type: 'object',
          properties: { query: { type: 'string', description: 'Texto buscado' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
        },
        false,
      ),
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
export function openApiDocument(routes: DocumentedRoute[], roles: readonly Role[]): Json {
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
    info: {
      title: TITLE,
      version: '1',
      description: INTRO,
      license: { name: 'Privada: uso interno de Cobertores', identifier: 'LicenseRef-Privada' },
    },
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
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'integer', enum: [20000, 20001] }, message: { type: 'string' }, data: {} },
        },
        Error: {
          type: 'object',
          required: ['code', 'message'],
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
            items: { type: 'array', items: {} },
            total: { type: 'integer', description: 'Exacto hasta 1.000; más allá, 1000 con total_capped' },
            total_capped: { type: 'boolean' },
            page: { type: 'integer' },
            per_page: { type: 'integer' },
            has_next_page: { type: 'boolean' },
          },
        },
        // Records only where their endpoints are shown (never in the public document).
        ...Object.fromEntries(resources.map((schema) => [recordName(schema), recordSchema(schema)])),
      },
    },
  };
}
