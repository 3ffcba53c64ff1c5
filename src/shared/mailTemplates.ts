/**
 * The mails the product sends (issue 17 §5), in one place: per kind its Spanish name, when it leaves,
 * the placeholders its subject and body may use (with a description and a sample value for the
 * preview) and the default texts, which staff may edit and restore. A placeholder is written
 * `{{name}}`; rendering only replaces values, it never interprets them.
 */
import { MailTemplateMsg } from './messages';

export interface Placeholder {
  name: string;
  description: string;
  sample: string;
  /** The mail is useless without it (the password reset link). */
  required?: boolean;
}

export interface MailKind {
  kind: string;
  name: string;
  /** When the mail leaves. */
  sentWhen: string;
  placeholders: readonly Placeholder[];
  subject: string;
  body: string;
}

const nombre: Placeholder = { name: 'nombre', description: 'Nombre de la persona que recibe el correo', sample: 'Lucía' };
const cliente: Placeholder = { name: 'cliente', description: 'Nombre del cliente', sample: 'Piscinas Agua Azul' };

export const MAIL_KINDS = [
  {
    kind: 'password_recovery',
    name: 'Recuperación de contraseña',
    sentWhen: 'Cuando alguien pide restablecer la contraseña en la página de entrada',
    placeholders: [
      nombre,
      { name: 'usuario', description: 'Nombre de usuario de la cuenta', sample: 'lucia.garcia' },
      {
        name: 'enlace',
        description: 'Enlace para elegir la nueva contraseña (válido 1 hora, una sola vez)',
        sample: 'https://cobertores.example/resetPassword/Xk3v9Qm2',
        required: true,
      },
    ],
    subject: 'Restablecer la contraseña',
    body:
      'Hola {{nombre}}:\n\nHemos recibido una solicitud para restablecer la contraseña de su cuenta ({{usuario}}).\n'
      + 'Para elegir una nueva contraseña abra este enlace, válido durante 1 hora y una sola vez:\n\n{{enlace}}\n\n'
      + 'Si no ha solicitado el cambio, ignore este mensaje: su contraseña actual sigue siendo válida.\n',
  },
  {
    kind: 'budget_to_buyer',
    name: 'Presupuesto al comprador',
    sentWhen: 'Cuando se envía un presupuesto por email desde su resumen (con el PDF adjunto)',
    placeholders: [
      { name: 'presupuesto', description: 'Número del presupuesto', sample: '125' },
      { name: 'referencia', description: 'Referencia del presupuesto (vacía si no tiene)', sample: 'Chalet Romero' },
      {
        name: 'presupuesto_con_referencia',
        description: 'Número del presupuesto seguido de su referencia entre paréntesis, si la tiene',
        sample: '125 (Chalet Romero)',
      },
      { name: 'comprador', description: 'Nombre del comprador (vacío si no consta)', sample: 'Javier Romero' },
      cliente,
    ],
    subject: 'Presupuesto nº {{presupuesto}}',
    body: 'Le enviamos adjunto el presupuesto nº {{presupuesto_con_referencia}}.\n\nUn saludo.',
  },
  {
    kind: 'order_validated',
    name: 'Pedido validado',
    sentWhen: 'A los usuarios del cliente cuando se valida uno de sus pedidos (si no lo han desactivado en su perfil)',
    placeholders: [
      nombre,
      cliente,
      { name: 'pedido', description: 'Número del pedido', sample: '1234' },
      { name: 'referencia', description: 'Referencia del pedido (vacía si no tiene)', sample: 'Obra Chalet Romero' },
      { name: 'fecha', description: 'Fecha de validación', sample: '24/11/2026' },
      {
        name: 'enlace',
        description: 'Enlace a la página pública de seguimiento del pedido',
        sample: 'https://cobertores.example/track-order/7QK2M9XA',
      },
    ],
    subject: 'Pedido nº {{pedido}} validado',
    body:
      'Hola {{nombre}}:\n\nEl pedido nº {{pedido}} de {{cliente}} se ha validado el {{fecha}}.\n'
      + 'Puede seguir su estado en este enlace:\n\n{{enlace}}\n\nUn saludo.',
  },
  {
    kind: 'consignment_scheduled',
    name: 'Envío programado',
    sentWhen:
      'A los usuarios de cada cliente con pedidos en un envío cuando se crea, se le añaden pedidos o cambia su fecha '
      + '(si no lo han desactivado en su perfil)',
    placeholders: [
      nombre,
      cliente,
      { name: 'pedidos', description: 'Los pedidos del cliente en el envío', sample: 'los pedidos nº 1234 y nº 1240' },
      { name: 'fecha', description: 'Fecha y hora del envío', sample: '27/11/2026 09:30' },
      { name: 'transportista', description: 'Transportista', sample: 'Transportes Levante' },
      { name: 'seguimiento', description: 'Nº de seguimiento del transportista (vacío si no consta)', sample: 'TL-55821' },
      {
        name: 'enlace',
        description: 'Enlace de seguimiento de cada pedido (uno por línea si son varios)',
        sample:
          'Pedido nº 1234: https://cobertores.example/track-order/7QK2M9XA\n'
          + 'Pedido nº 1240: https://cobertores.example/track-order/P4RT8WZE',
      },
    ],
    subject: 'Envío programado para el {{fecha}}',
    body:
      // «{{pedidos}}» starts with its article («el pedido nº 1234»): no «de» before it, and words that read for one order or several.
      'Hola {{nombre}}:\n\nEl {{fecha}} enviaremos {{pedidos}} de {{cliente}} ({{transportista}}).\n'
      + 'Puede seguir su estado en:\n\n{{enlace}}\n\nUn saludo.',
  },
] as const satisfies readonly MailKind[];

export type MailKindName = (typeof MAIL_KINDS)[number]['kind'];

export const mailKind = (kind: unknown): MailKind | undefined => MAIL_KINDS.find((k) => k.kind === kind);

/**
 * Default bodies replaced since, per kind: a stored row still holding one was never edited, so it takes
 * the new default (an edited text stays as its author wrote it).
 */
export const RETIRED_DEFAULT_BODIES: Partial<Record<MailKindName, readonly string[]>> = {
  consignment_scheduled: [
    'Hola {{nombre}}:\n\nHemos programado el envío de {{pedidos}} de {{cliente}} para el {{fecha}} ({{transportista}}).\n'
    + 'Puede seguirlos en:\n\n{{enlace}}\n\nUn saludo.',
  ],
};

/** Every `{{…}}` with its name (spaces inside the braces are allowed: `{{ cliente }}`). */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1].trim()))];
}

/** Replaces each known `{{name}}` by its value; anything else is left as written. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name.trim()) ? values[name.trim()] : whole));
}

/** The sample values of a kind's placeholders (the preview). */
export function sampleValues(kind: MailKind): Record<string, string> {
  return Object.fromEntries(kind.placeholders.map((p) => [p.name, p.sample]));
}

/**
 * What is wrong with a subject or body of a kind, or null: a placeholder the kind does not offer, a
 * brace left open, or (body only) a required placeholder missing.
 */
export function templateProblem(kind: MailKind, text: string, part: 'subject' | 'body'): string | null {
  const allowed = new Set(kind.placeholders.map((p) => p.name));
  const unknown = placeholdersIn(text).filter((name) => !allowed.has(name)).map((name) => `{{${name}}}`);
  if (unknown.length) return MailTemplateMsg.unknownPlaceholders(unknown);
  if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''))) return MailTemplateMsg.unclosedPlaceholder;
  if (part === 'body') {
    const used = new Set(placeholdersIn(text));
    const missing = kind.placeholders.find((p) => p.required && !used.has(p.name));
    if (missing) return MailTemplateMsg.requiredPlaceholder(`{{${missing.name}}}`);
  }
  return null;
}

/** A mail as plain text and as the same text in HTML (escaped, paragraphs, links clickable). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const linked = (s: string) => escape(s).replace(/https?:\/\/[^\s<>"&]+(?:&#38;[^\s<>"&]+)*/g, (url) => `<a href="${url}">${url}</a>`);
  return text.trim().split(/\n{2,}/).map((paragraph) => `<p>${paragraph.split('\n').map(linked).join('<br>')}</p>`).join('');
}

/** Where a queued mail stands (the outbox's `status`), by its Spanish name. */
export const MAIL_STATUSES = [
  { value: 'pending', label: 'Pendiente' },
  { value: 'sent', label: 'Enviado' },
  { value: 'failed', label: 'No enviado' },
] as const;
