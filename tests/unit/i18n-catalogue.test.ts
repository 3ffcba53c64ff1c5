import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { raSpanish } from '../../src/client/i18n/es';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      out.push(...leaves(value as Tree, path));
    } else {
      out.push([path, String(value)]);
    }
  }
  return out;
}

function lookup(tree: Tree, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Tree)[key]
          : undefined,
      tree,
    );
}

function placeholders(text: string): string[] {
  return [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();
}

const englishLeaves = leaves(englishMessages as unknown as Tree);
const spanish = raSpanish as unknown as Tree;

describe('catálogo español de react-admin', () => {
  it('el catálogo inglés tiene claves', () => {
    expect(englishLeaves.length).toBeGreaterThan(100);
  });

  it('contiene todas las claves del catálogo inglés como cadenas', () => {
    const missing = englishLeaves
      .filter(([path]) => typeof lookup(spanish, path) !== 'string')
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });

  it('no tiene claves que no existan en inglés', () => {
    const english = englishMessages as unknown as Tree;
    const extra = leaves(spanish)
      .filter(([path]) => typeof lookup(english, path) !== 'string')
      .map(([path]) => path);
    expect(extra).toEqual([]);
  });

  it('conserva los marcadores %{var} de cada mensaje', () => {
    const problems: string[] = [];
    for (const [path, en] of englishLeaves) {
      const es = String(lookup(spanish, path) ?? '');
      for (const ph of placeholders(en)) {
        if (!es.includes(ph)) problems.push(`${path}: falta ${ph}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('conserva el número de formas plurales (||||)', () => {
    const problems: string[] = [];
    for (const [path, en] of englishLeaves) {
      const es = String(lookup(spanish, path) ?? '');
      if (en.split('||||').length !== es.split('||||').length) {
        problems.push(path);
      }
    }
    expect(problems).toEqual([]);
  });
});
