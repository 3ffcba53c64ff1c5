/**
 * The API's OpenAPI 3.1 document, written from the contracts the routes were registered from
 * (src/shared/contracts): paths, methods, access, parameters, bodies and answers are each contract's, the
 * zod schemas turned into JSON Schema (schemas.ts). A document is for an audience: the operations its roles
 * may call (without a session, the public ones).
 */
import { z } from 'zod';
import { mayCall, type Access, type Contract } from '../../../shared/contracts/contract';
import { listRowAnswer, recordAnswer } from '../../../shared/contracts/records';
import type { ResourceSchema } from '../../../shared/resource';
import { GROUPS, OFFICE_AND_MEMBERS, type Role } from '../../../shared/roles';
import { recordRequestBody, zodBodySchema, zodJson, type Json } from './schemas';

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

const roleNames = (roles: readonly Role[]) => roles.map((role) => GROUPS.find((g) => g.name === role)?.label ?? role).join(', ');

function accessText(access: Access): string {
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

/**
 * The records of the resources shown, each written once under components (`registro.tax`, `fila.order`) and
 * referred to from every answer that holds one: zod names a schema of the registry where it meets it.
 */
function recordRegistry(resources: ResourceSchema[]) {
  const registry = z.registry<{ id: string }>();
  for (const schema of resources) {
    registry.add(recordAnswer(schema), { id: `registro.${schema.name}` });
    const row = listRowAnswer(schema);
    if (!registry.has(row)) registry.add(row, { id: `fila.${schema.name}` });
  }
  return registry;
}

/** The JSON Schema of an answer's data; the records it holds are moved to `components` (collected in `defined`). */
function answerSchema(data: z.ZodType, registry: z.core.$ZodRegistry<{ id: string }>, defined: Json): Json {
  const json = zodJson(data, 'output', registry);
  const { $defs, ...schema } = json as Json & { $defs?: Json };
  Object.assign(defined, $defs);
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

/** Path and query parameters, each from its contract's schema. */
function parametersOf(contract: Contract, path: string): Json[] {
  const described = (schema: z.ZodType | undefined) => (schema ? ((zodJson(schema).properties ?? {}) as Record<string, Json>) : {});
  const params = described(contract.params);
  const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const { description, ...schema } = params[name] ?? { type: 'string' };
    return { name, in: 'path', required: true, schema, ...(description ? { description } : {}) };
  });
  const inQuery = Object.entries(described(contract.query)).map(([name, { description, ...schema }]) => ({
    name, in: 'query', schema, ...(description ? { description } : {}),
  }));
  return [...inPath, ...inQuery];
}

function requestBodyOf(contract: Contract): Json | undefined {
  if (contract.record) return recordRequestBody(contract.record.schema, contract.record.mode);
  if (!contract.body) return undefined;
  return { required: true, content: { 'application/json': { schema: zodBodySchema(contract.body) } } };
}

function operationOf(contract: Contract, path: string, registry: z.core.$ZodRegistry<{ id: string }>, defined: Json): Json {
  const { access } = contract;
  const parameters = parametersOf(contract, path);
  const body = requestBodyOf(contract);
  const ok = contract.produces
    ? { description: 'El archivo', content: { [contract.produces]: { schema: { type: 'string', contentMediaType: contract.produces } } } }
    : {
        description: 'Correcto: 20000, o 20001 con `message`',
        content: { 'application/json': { schema: envelope(contract.data && answerSchema(contract.data, registry, defined)) } },
      };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const responses: Json = { 200: ok, 400: error('Datos no válidos: 40001 con `error` (campo → mensaje)') };
  if (access !== 'public') responses[401] = error('Sin sesión o sesión caducada: 50008, 50012 o 50014');
  if (access !== 'public') responses[403] = error('El usuario no tiene permiso');
  if (contract.rateLimit || contract.writes || contract.heavy) responses[429] = error('Demasiadas peticiones: espere un momento');
  return {
    'operationId': `${contract.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    'summary': contract.summary,
    'description': [contract.description, accessText(access)].filter(Boolean).join('\n\n'),
    'tags': [contract.tag],
    'security': access === 'public' ? [] : [{ cabeceraToken: [] }, { cookieSesion: [] }],
    'x-access': access,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const SECURITY_SCHEMES = {
  cabeceraToken: { type: 'apiKey', in: 'header', name: 'X-Token', description: 'El token que devuelve el inicio de sesión' },
  cookieSesion: { type: 'apiKey', in: 'cookie', name: 'X-Token', description: 'La cookie HttpOnly que deja el inicio de sesión' },
};

/** The OpenAPI document of the operations these roles may call (none: the public ones only). */
export function openApiDocument(contracts: readonly Contract[], roles: readonly Role[]): Json {
  const shown = contracts.filter((contract) => contract.access === 'public' || (roles.length > 0 && mayCall(contract.access, roles)));
  const resources = [...new Set(shown.flatMap((contract) => (contract.resource ? [contract.resource] : [])))];
  const registry = recordRegistry(resources);
  const defined: Json = {};
  const paths: Record<string, Json> = {};
  for (const contract of shown) {
    for (const path of openApiPaths(contract.path)) {
      paths[path] = { ...paths[path], [contract.method.toLowerCase()]: operationOf(contract, path, registry, defined) };
    }
  }
  const tags = [...new Set(shown.map((contract) => contract.tag))].sort((a, b) => a.localeCompare(b, 'es'))
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
      // Only where an operation shown needs a session (the public document has none).
      ...(shown.some((contract) => contract.access !== 'public') ? { securitySchemes: SECURITY_SCHEMES } : {}),
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
        // The records of the operations shown (never in the public document). Component names are ASCII:
        // OpenAPI allows only ^[a-zA-Z0-9.\-_]+$ there, which code generators rely on.
        ...defined,
      },
    },
  };
}
