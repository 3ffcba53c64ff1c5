/** Mail templates (issue 17 §5): placeholders, rendering, the rule the form and the server share. */
import { describe, expect, it } from 'vitest';
import { mailTemplate } from '../../schemas/mailTemplate';
import {
  MAIL_KINDS,
  mailKind,
  placeholdersIn,
  renderTemplate,
  sampleValues,
  templateProblem,
  textToHtml,
} from '../../src/shared/mailTemplates';
import { validateRecord } from '../../src/shared/recordRules';
import { ordersPhrase, trackingLink } from '../../src/server/domain/mailNotices';

const recovery = mailKind('password_recovery')!;
const consignment = mailKind('consignment_scheduled')!;

describe('the mail kinds', () => {
  it('are the four mails the product sends, each with a Spanish name', () => {
    expect(MAIL_KINDS.map((k) => [k.kind, k.name])).toEqual([
      ['password_recovery', 'Recuperación de contraseña'],
      ['budget_to_buyer', 'Presupuesto al comprador'],
      ['order_validated', 'Pedido validado'],
      ['consignment_scheduled', 'Envío programado'],
    ]);
  });

  it('default texts use only their own placeholders, and every placeholder has a description and a sample', () => {
    for (const kind of MAIL_KINDS) {
      expect(templateProblem(kind, kind.subject, 'subject')).toBeNull();
      expect(templateProblem(kind, kind.body, 'body')).toBeNull();
      for (const p of kind.placeholders) {
        expect(p.name).toMatch(/^[a-z_]+$/);
        expect(p.description.length).toBeGreaterThan(5);
        expect(p.sample.length).toBeGreaterThan(0);
      }
    }
  });

  it('keep the texts the two existing mails had', () => {
    const values = { nombre: 'Ana', usuario: 'ana', enlace: 'http://x/resetPassword/abc' };
    expect(renderTemplate(recovery.subject, values)).toBe('Restablecer la contraseña');
    expect(renderTemplate(recovery.body, values)).toBe(
      'Hola Ana:\n\nHemos recibido una solicitud para restablecer la contraseña de su cuenta (ana).\n'
      + 'Para elegir una nueva contraseña abra este enlace, válido durante 1 hora y una sola vez:\n\nhttp://x/resetPassword/abc\n\n'
      + 'Si no ha solicitado el cambio, ignore este mensaje: su contraseña actual sigue siendo válida.\n',
    );
    const budget = mailKind('budget_to_buyer')!;
    const budgetValues = { presupuesto: '7', presupuesto_con_referencia: '7 (Chalet)' };
    expect(renderTemplate(budget.subject, budgetValues)).toBe('Presupuesto nº 7');
    expect(renderTemplate(budget.body, budgetValues)).toBe('Le enviamos adjunto el presupuesto nº 7 (Chalet).\n\nUn saludo.');
  });
});

describe('renderTemplate', () => {
  it('replaces every occurrence of each placeholder, spaces inside the braces allowed', () => {
    expect(renderTemplate('{{nombre}}, {{ nombre }} y {{cliente}}', { nombre: 'Ana', cliente: 'Agua Azul' })).toBe('Ana, Ana y Agua Azul');
  });

  it('inserts values as they are: a value that looks like a placeholder is not rendered again', () => {
    expect(renderTemplate('Hola {{nombre}}', { nombre: '{{cliente}} $& $1', cliente: 'X' })).toBe('Hola {{cliente}} $& $1');
  });

  it('leaves what it does not know as written', () => {
    expect(renderTemplate('{{otro}} y {{toString}}', { nombre: 'Ana' })).toBe('{{otro}} y {{toString}}');
  });

  it('renders the samples of a kind (the preview)', () => {
    expect(renderTemplate(consignment.subject, sampleValues(consignment))).toBe('Envío programado para el 27/11/2026 09:30');
  });
});

describe('templateProblem', () => {
  it('refuses a placeholder the kind does not offer, naming it in Spanish', () => {
    expect(templateProblem(recovery, 'Hola {{cliente}}: {{enlace}}', 'body')).toBe('Marcador desconocido: {{cliente}}');
    expect(templateProblem(recovery, '{{x}} {{y}} {{x}}', 'subject')).toBe('Marcadores desconocidos: {{x}}, {{y}}');
    expect(templateProblem(recovery, 'Hola {{}}', 'subject')).toBe('Marcador desconocido: {{}}');
  });

  it('refuses braces left open or closed alone', () => {
    expect(templateProblem(recovery, 'Hola {{nombre', 'subject')).toBe('Hay un marcador mal cerrado: escriba cada marcador entre {{ y }}');
    expect(templateProblem(recovery, 'Hola nombre}}', 'subject')).toBe('Hay un marcador mal cerrado: escriba cada marcador entre {{ y }}');
  });

  it('asks for the reset link in the password recovery body, not in its subject', () => {
    expect(templateProblem(recovery, 'Hola {{nombre}}', 'body')).toBe('El texto debe incluir el marcador {{enlace}}');
    expect(templateProblem(recovery, 'Hola {{nombre}}', 'subject')).toBeNull();
    expect(templateProblem(consignment, 'Sale el {{fecha}}', 'body')).toBeNull();
  });
});

describe('the template form rule (schema, same in the browser and on the server)', () => {
  const errorsOf = (data: Record<string, unknown>) => {
    const result = validateRecord(mailTemplate, 'update', data);
    return result.ok ? {} : result.errors;
  };

  it('accepts a text with the kind own placeholders', () => {
    expect(errorsOf({ kind: 'order_validated', subject: 'Pedido {{pedido}}', body: 'Hola {{nombre}}, {{enlace}}' })).toEqual({});
  });

  it('puts each problem under its field', () => {
    expect(errorsOf({ kind: 'order_validated', subject: 'Pedido {{presupuesto}}', body: '' })).toEqual({
      subject: 'Marcador desconocido: {{presupuesto}}',
      body: 'Introduzca el texto del correo',
    });
    expect(errorsOf({ kind: 'order_validated', subject: '', body: 'Hola {{usuario}}' })).toEqual({
      subject: 'Introduzca el asunto',
      body: 'Marcador desconocido: {{usuario}}',
    });
  });

  it('refuses an unknown kind', () => {
    expect(errorsOf({ kind: 'spam', subject: 'a', body: 'b' })).toEqual({ kind: 'Seleccione el tipo de correo' });
  });
});

describe('textToHtml', () => {
  it('escapes the text, keeps paragraphs and line breaks and makes links clickable', () => {
    expect(textToHtml('Hola <b>Ana</b>:\n\nAbra\nhttps://x.es/a?b=1&c=2\n')).toBe(
      '<p>Hola &#60;b&#62;Ana&#60;/b&#62;:</p><p>Abra<br><a href="https://x.es/a?b=1&#38;c=2">https://x.es/a?b=1&#38;c=2</a></p>',
    );
  });
});

describe('notice values', () => {
  it('names one or several orders as a sentence says them', () => {
    expect(ordersPhrase([12])).toBe('el pedido nº 12');
    expect(ordersPhrase([12, 13])).toBe('los pedidos nº 12 y nº 13');
    expect(ordersPhrase([12, 13, 15])).toBe('los pedidos nº 12, nº 13 y nº 15');
  });

  it('links the public tracking page of an order', () => {
    expect(trackingLink('https://app.example/', 'AB12')).toBe('https://app.example/track-order/AB12');
  });

  it('finds the placeholders a text uses, once each', () => {
    expect(placeholdersIn('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });
});
