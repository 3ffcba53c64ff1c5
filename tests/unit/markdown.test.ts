/** The announcements' small Markdown (issue 17 §2): what it marks up, and that nothing else becomes HTML. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, safeHref } from '../../src/shared/markdown';
import { SafeMarkdown } from '../../src/client/components/SafeMarkdown';

const html = (text: string) => renderToStaticMarkup(createElement(SafeMarkdown, { text }));

describe('an announcement text', () => {
  it('is paragraphs split by blank lines, with its line breaks kept', () => {
    expect(html('Hola,\nmañana cerramos.\n\nUn saludo')).toBe('<p>Hola,<br/>mañana cerramos.</p><p>Un saludo</p>');
  });

  it('marks **bold** and *italic*, also together', () => {
    expect(html('Es **muy importante** y *urgente*')).toBe('<p>Es <strong>muy importante</strong> y <em>urgente</em></p>');
    expect(html('**negrita con *cursiva* dentro**')).toBe('<p><strong>negrita con <em>cursiva</em> dentro</strong></p>');
    expect(html('2 * 3 * 4 no es cursiva')).toBe('<p>2 * 3 * 4 no es cursiva</p>');
  });

  it('makes lists of "- " and "1. " lines', () => {
    expect(html('Traiga:\n- la factura\n- el **albarán**\n\n1. primero\n2. segundo')).toBe(
      '<p>Traiga:</p><ul><li>la factura</li><li>el <strong>albarán</strong></li></ul><ol><li>primero</li><li>segundo</li></ol>',
    );
    expect(parseMarkdown('* uno\n* dos')).toEqual([
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'uno' }], [{ type: 'text', text: 'dos' }]] },
    ]);
  });

  it('links to http and https addresses, written as [texto](dirección) or bare, opening apart', () => {
    expect(html('Vea [la tarifa](https://ejemplo.es/tarifa?a=1&b=2).')).toBe(
      '<p>Vea <a href="https://ejemplo.es/tarifa?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">la tarifa</a>.</p>',
    );
    expect(html('En https://ejemplo.es/pdf, como siempre.')).toBe(
      '<p>En <a href="https://ejemplo.es/pdf" target="_blank" rel="noopener noreferrer nofollow">'
      + 'https://ejemplo.es/pdf</a>, como siempre.</p>',
    );
  });

  it('never links javascript:, data: or relative addresses: they stay text', () => {
    expect(html('[pulse](javascript:alert(1))')).toBe('<p>[pulse](javascript:alert(1))</p>');
    expect(html('[pulse](javascript:alert`1`)')).not.toContain('<a');
    expect(html('[x](data:text/html;base64,PHNjcmlwdD4=)')).not.toContain('<a');
    expect(html('[x](/api/user/delete)')).not.toContain('<a');
    expect(html('[x](JaVaScRiPt:alert(1))')).not.toContain('<a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' HTTPS://ejemplo.es ')).toBe('https://ejemplo.es/');
  });

  it('shows HTML as the text it is: no tag, script or attribute gets through', () => {
    expect(html('<script>alert("x")</script>')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>');
    expect(html('<img src=x onerror=alert(1)> **hola**')).toBe('<p>&lt;img src=x onerror=alert(1)&gt; <strong>hola</strong></p>');
    expect(html('[<b>x</b>](https://ejemplo.es/"onmouseover="alert(1))')).not.toMatch(/<b>|onmouseover="alert/);
  });
});
