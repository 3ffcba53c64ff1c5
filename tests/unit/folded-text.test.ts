/** Where a long text is folded (docs/business-rules.md "Leer más" / "Mostrar menos"). */
import { describe, expect, it } from 'vitest';
import { foldAt } from '../../src/client/components/FoldedText';

describe('a long text is folded', () => {
  it('not at all when it fits', () => {
    expect(foldAt('Tubo de aluminio', 20)).toBeNull();
    expect(foldAt('x'.repeat(20), 20)).toBeNull();
  });
  it('at the last space before the limit, never inside a word, with an ellipsis', () => {
    expect(foldAt('Cobertor de invierno opaco con ollaos', 24)).toBe('Cobertor de invierno…');
  });
  it('at the limit when a single word is longer than half of it', () => {
    expect(foldAt(`ab ${'c'.repeat(30)}`, 10)).toBe('ab ccccccc…');
  });
});
