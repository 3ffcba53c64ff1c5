import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName } from '../../src/shared/countries';

describe('COUNTRIES', () => {
  it('tiene al menos 245 entradas', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
  });

  it('los códigos son únicos y de dos letras mayúsculas', () => {
    const codes = COUNTRIES.map((c) => c.value);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('las etiquetas son únicas y no vacías', () => {
    const labels = COUNTRIES.map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label.trim()).not.toBe('');
  });

  it('usa nombres en español', () => {
    expect(countryName('ES')).toBe('España');
    expect(countryName('FR')).toBe('Francia');
    expect(countryName('PT')).toBe('Portugal');
    expect(countryName('DE')).toBe('Alemania');
    expect(countryName('GB')).toBe('Reino Unido');
    expect(countryName('US')).toBe('Estados Unidos');
    expect(countryName('es')).toBe('España');
    expect(countryName('XX')).toBeUndefined();
  });

  it('está ordenado con la colación española', () => {
    const labels = COUNTRIES.map((c) => c.label);
    const sorted = [...labels].sort((a, b) => a.localeCompare(b, 'es'));
    expect(labels).toEqual(sorted);
  });
});
