/**
 * The API reference page (src/server/plugins/apiDocs/viewer.ts) written from small OpenAPI documents made
 * by hand here; the fragments it must hold are written by hand too.
 */
import { describe, expect, it } from 'vitest';
import { apiReferencePage } from '../../src/server/plugins/apiDocs/viewer';

const ORIGIN = 'https://cobertores.example';

/** A document with the parts every test needs; `extra` adds or replaces top-level parts. */
function documentWith(extra: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: 'API de Cobertores', version: '1', description: 'Toda respuesta JSON es un **sobre** `{ code }`.' },
    servers: [{ url: '/' }],
    paths: {},
    ...extra,
  };
}

const NODE = { $ref: '#/components/schemas/Nodo' };
const json = (schema: unknown) => ({ 'application/json': { schema } });

const occurrences = (html: string, fragment: string) => html.split(fragment).length - 1;

describe('the API reference page', () => {
  it('is a Spanish page with the title as its heading, the description as HTML and no inline script', () => {
    const html = apiReferencePage(documentWith({}), ORIGIN);
    expect(html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(html).toContain('<title>API de Cobertores</title>');
    expect(html).toContain('<h1>API de Cobertores</h1>');
    expect(html).toContain('<p>Toda respuesta JSON es un <strong>sobre</strong> <code>{ code }</code>.</p>');
    // The search box's script is ours, from this server; no other <script> is written.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/assets/api-docs/search.js" defer>']);
    expect(html).not.toMatch(/https?:\/\/(?!cobertores\.example)/);
  });

  it('escapes every text of the document: a <script> in a summary stays text', () => {
    const html = apiReferencePage(documentWith({
      tags: [{ name: 'A & B', description: 'Etiqueta "<b>"' }],
      paths: {
        '/api/x/{id}': {
          get: {
            operationId: 'getX',
            tags: ['A & B'],
            summary: '<script>alert(1)</script> ver',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^<a>$' }, description: "it's" }],
            responses: { 200: { description: 'Correcto' } },
          },
        },
      },
    }), ORIGIN);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<span class="op-summary">&lt;script&gt;alert(1)&lt;/script&gt; ver</span>');
    expect(html).toContain('<h2 id="area-a-b">A &amp; B</h2>');
    expect(html).toContain('<p>Etiqueta &quot;&lt;b&gt;&quot;</p>');
    expect(html).toContain('patrón <code>^&lt;a&gt;$</code>');
    expect(html).toContain('<td>it&#39;s</td>');
    expect(html).toContain('data-search="get /api/x/{id} &lt;script&gt;alert(1)&lt;/script&gt; ver"');
  });

  it('puts the tags in Spanish alphabetical order, each a <details> holding its operations', () => {
    const operation = (tag: string, summary: string) => ({ tags: [tag], summary, responses: { 200: { description: 'Correcto' } } });
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/z': { get: operation('Zonas', 'Ver zonas') },
        '/api/a': { get: operation('Ámbitos', 'Ver ámbitos'), post: operation('Ámbitos', 'Crear ámbito') },
        '/api/b': { get: operation('Bancos', 'Ver bancos') },
      },
    }), ORIGIN);
    const headings = [...html.matchAll(/<summary><h2 id="[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Ámbitos', 'Bancos', 'Zonas']);
    expect(html).toContain('<h2 id="area-ambitos">Ámbitos</h2> <span class="count">2 operaciones</span>');
    expect(html).toContain('<a href="#area-bancos">Bancos</a> <span class="count">1 operación</span>');
    expect(html).toContain(
      '<summary><h3><span class="endpoint"><span class="method method-post">POST</span> <code class="path">/api/a</code></span> '
      + '<span class="op-summary">Crear ámbito</span></h3></summary>',
    );
  });

  it('writes the parameters as a table: name, place, type, «Sí/No», description, restrictions', () => {
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/page/{page}': {
          get: {
            tags: ['Listas'],
            summary: 'Una página',
            parameters: [
              { name: 'page', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'Número de página' },
              { name: 'per_page', in: 'query', schema: { type: 'string', maxLength: 3 } },
            ],
            responses: {},
          },
        },
      },
    }), ORIGIN);
    expect(html).toContain(
      '<tr><th scope="row"><code>page</code></th><td>ruta</td><td>entero</td><td>Sí</td><td>Número de página</td><td>mínimo 1</td></tr>',
    );
    expect(html).toContain(
      '<tr><th scope="row"><code>per_page</code></th><td>consulta</td><td>texto</td><td>No</td><td></td>'
      + '<td>máximo de caracteres: 3</td></tr>',
    );
    expect(html).toContain('<code class="path">/api/page/<span class="path-param">{page}</span></code>');
    expect(html).toContain('role="region" tabindex="0" aria-label="Parámetros de GET /api/page/{page}"');
  });

  it('says every type in Spanish words, «obligatorio» where required, the values of an enum', () => {
    const body = {
      type: 'object',
      required: ['name', 'kind'],
      properties: {
        name: { type: 'string', minLength: 2, description: 'Nombre' },
        price: { type: 'number', exclusiveMinimum: 0 },
        quantity: { type: 'integer', maximum: 99 },
        paid: { type: 'boolean' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
        kind: { type: 'string', enum: ['a', 'b'] },
        either: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        extra: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/things': {
          post: {
            tags: ['Cosas'],
            summary: 'Crear',
            requestBody: { required: true, content: json(body) },
            responses: { 200: { description: 'Correcto' } },
          },
        },
      },
    }), ORIGIN);
    const property = (name: string, type: string, rest = '') =>
      `<div class="prop"><span class="prop-name"><code>${name}</code></span> <span class="type">${type}</span>${rest}</div>`;
    expect(html).toContain(`${property('name', 'texto', ' <span class="required">obligatorio</span>')}`
      + '<div class="prop-description">Nombre</div><div class="constraints">mínimo de caracteres: 2</div>');
    expect(html).toContain(`${property('price', 'número')}<div class="constraints">mayor que 0</div>`);
    expect(html).toContain(`${property('quantity', 'entero')}<div class="constraints">máximo 99</div>`);
    expect(html).toContain(property('paid', 'booleano'));
    expect(html).toContain(property('when', 'fecha-hora'));
    expect(html).toContain(property('tags', 'lista de texto'));
    expect(html).toContain(property('note', 'uno de: texto, nulo'));
    expect(html).toContain(`${property('kind', 'texto', ' <span class="required">obligatorio</span>')}`
      + '<div class="constraints">valores: <code>&quot;a&quot;</code>, <code>&quot;b&quot;</code></div>');
    expect(html).toContain(property('either', 'uno de: entero, nulo'));
    expect(html).toContain(`${property('extra', 'objeto')}<ul class="schema"><li><div class="prop">`
      + '<span class="prop-name"><span class="any-key">cualquier otra clave</span></span> <span class="type">texto</span></div></li></ul>');
    expect(html).toContain('<h4>Cuerpo de la petición <span class="required">obligatorio</span></h4>');
  });

  it('links a $ref to its component, written once in «Esquemas», and a cycle of refs ends', () => {
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/nodes': {
          get: {
            tags: ['Nodos'],
            summary: 'Ver nodos',
            responses: {
              200: { description: 'Correcto', content: json({ type: 'array', items: NODE }) },
            },
          },
          post: {
            tags: ['Nodos'],
            summary: 'Crear nodo',
            requestBody: { content: json(NODE) },
            responses: { 200: { description: 'Correcto', content: json(NODE) } },
          },
        },
      },
      components: {
        schemas: {
          // A node holds its children, and a parent that is a Rama, which holds nodes again.
          Nodo: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'integer' },
              children: { type: 'array', items: NODE },
              parent: { $ref: '#/components/schemas/Rama' },
            },
          },
          Rama: {
            type: 'object',
            properties: { nodes: { type: 'array', items: NODE }, first: NODE },
          },
        },
      },
    }), ORIGIN);
    expect(html).toContain('Tipo: <span class="type">lista de <a class="ref" href="#esquema-nodo">Nodo</a></span>');
    expect(html).toContain(
      '<span class="prop-name"><code>parent</code></span> <span class="type"><a class="ref" href="#esquema-rama">Rama</a></span>',
    );
    expect(occurrences(html, 'id="esquema-nodo"')).toBe(1);
    expect(occurrences(html, 'id="esquema-rama"')).toBe(1);
    expect(html).toContain('<h2 id="esquemas">Esquemas</h2>');
    expect(html).toContain(
      '<section class="component" id="esquema-nodo" aria-labelledby="esquema-nodo-h"><h3 id="esquema-nodo-h"><code>Nodo</code></h3>',
    );
    // Each component's properties are written there once, not again where it is referred to.
    expect(occurrences(html, '<code>children</code>')).toBe(1);
    // The curl example fills the body in once per component: the cycle ends at the node met again.
    expect(html).toContain('-d &#39;{\n  &quot;id&quot;: 0,\n  &quot;children&quot;: [],\n  &quot;parent&quot;: {\n'
      + '    &quot;nodes&quot;: [],\n    &quot;first&quot;: {}\n  }\n}&#39;');
  });

  it('writes a curl call: method, the address at the origin, the session header when needed, a JSON body to fill in', () => {
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/order/{id}': {
          post: {
            tags: ['Pedidos'],
            summary: 'Cambiar',
            security: [{ cabeceraToken: [] }, { cookieSesion: [] }],
            requestBody: {
              content: json({
                type: 'object',
                properties: { note: { type: 'string', default: "it's" }, state: { enum: [3, 4] }, ok: { type: 'boolean' } },
              }),
            },
            responses: {},
          },
        },
        '/api/public': { get: { tags: ['Pedidos'], summary: 'Público', security: [], responses: {} } },
      },
      components: {
        securitySchemes: {
          cabeceraToken: { type: 'apiKey', in: 'header', name: 'X-Token' },
          cookieSesion: { type: 'apiKey', in: 'cookie', name: 'X-Token' },
        },
      },
    }), ORIGIN);
    expect(html).toContain(
      '<pre class="curl"><code>curl -X POST --globoff &#39;https://cobertores.example/api/order/{id}&#39; \\\n'
      + '  -H &#39;X-Token: SU_TOKEN&#39; \\\n  -H &#39;Content-Type: application/json&#39; \\\n'
      + '  -d &#39;{\n  &quot;note&quot;: &quot;it&#39;\\&#39;&#39;s&quot;,\n'
      + '  &quot;state&quot;: 3,\n  &quot;ok&quot;: false\n}&#39;</code></pre>',
    );
    expect(html).toContain('<pre class="curl"><code>curl -X GET &#39;https://cobertores.example/api/public&#39;</code></pre>');
    expect(html).toContain('<p class="auth">Necesita sesión: la cabecera <code>X-Token</code> o la cookie <code>X-Token</code>.</p>');
  });

  it('takes an absolute server address from the document over the origin', () => {
    const html = apiReferencePage(documentWith({
      servers: [{ url: 'https://api.example/v1/' }],
      paths: { '/x': { get: { summary: 'X', responses: {} } } },
    }), ORIGIN);
    expect(html).toContain('curl -X GET &#39;https://api.example/v1/x&#39;');
    // An operation without a tag is listed all the same.
    expect(html).toContain('<h2 id="area-otras-operaciones">Otras operaciones</h2>');
  });

  it('writes each answer with its status, its description and its schema', () => {
    const html = apiReferencePage(documentWith({
      paths: {
        '/api/a': {
          get: {
            tags: ['A'],
            summary: 'A',
            responses: {
              200: {
                description: 'Correcto: `20000`',
                content: json({
                  allOf: [{ $ref: '#/components/schemas/Respuesta' }, { type: 'object', properties: { data: { type: 'string' } } }],
                }),
              },
              403: { description: 'Sin permiso', content: json({ $ref: '#/components/schemas/Error' }) },
            },
          },
        },
      },
      components: { schemas: { Respuesta: { type: 'object' }, Error: { type: 'object' } } },
    }), ORIGIN);
    expect(html).toContain(
      '<span class="status status-2xx">200</span><div class="status-description"><p>Correcto: <code>20000</code></p></div>',
    );
    expect(html).toContain('Tipo: <span class="type"><a class="ref" href="#esquema-respuesta">Respuesta</a>, con:</span>');
    expect(html).toContain('<span class="prop-name"><code>data</code></span> <span class="type">texto</span>');
    expect(html).toContain('<span class="status status-4xx">403</span>');
    expect(html).toContain('Tipo: <span class="type"><a class="ref" href="#esquema-error">Error</a></span>');
  });
});
