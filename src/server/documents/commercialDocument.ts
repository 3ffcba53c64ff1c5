/**
 * A commercial document in Spanish (budget now, order later) as a PDF: the invoicing company's logo and
 * data, the client, free blocks of facts (the pool, the buyer), the pools drawn to scale, the lines, the totals and a footer.
 * Pure layout: callers gather and price the data.
 */
import PDFDocument from 'pdfkit';
import { formatDay, formatEuros } from '../../shared/format';
import { madridToday } from '../../shared/madrid';
import { drawPool, poolDrawingHeight, poolSummary, type StoredPool } from './poolDrawing';

export interface DocumentLine { description: string; reference?: string | null; quantity: number; unitPrice: number; amount: number }

export interface CommercialDocument {
  title: string;
  number: string;
  date: Date;
  company: { name: string; code: string; logo?: Buffer | null };
  client: {
    name: string;
    nif?: string | null;
    address?: string | null;
    city?: string | null;
    postalCode?: string | null;
    province?: string | null;
    email?: string | null;
    phone?: string | null;
  };
  /** Titled groups of label → value facts, e.g. "Piscina": { Largo: "8,00 m" }. */
  blocks: Array<{ title: string; facts: Array<[string, string]> }>;
  /** Pools drawn to scale after the blocks, each under its title (a budget's pool; an order's made-to-measure covers). */
  drawings?: Array<{ title: string; pool: StoredPool }>;
  lines: DocumentLine[];
  /** Label and amount as written (formatEuros, formatShipping), above the grand total. */
  totals: Array<[string, string]>;
  /** The last total, in bold (e.g. "Total"). */
  grandTotal: [string, number];
  notes?: string[];
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
const COLUMNS = [
  { title: 'Descripción', width: 245, align: 'left' as const },
  { title: 'Ref.', width: 70, align: 'left' as const },
  { title: 'Cant.', width: 40, align: 'right' as const },
  { title: 'Precio', width: 70, align: 'right' as const },
  { title: 'Importe', width: 70, align: 'right' as const },
];

/** The document's day, in Madrid: "24/11/2026". */
/** The calendar day in Madrid a moment falls on, as documents print it: 25/11/2026. */
export const madridDay = (date: Date) => formatDay(madridToday(date.getTime()));

export function renderDocument(doc: CommercialDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${doc.title} ${doc.number}`, Author: doc.company.name } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Header: logo (when it can be drawn) and company on the left, title and number on the right.
  let top = MARGIN;
  if (doc.company.logo) {
    try {
      pdf.image(doc.company.logo, MARGIN, top, { fit: [120, 60] });
    } catch {
      // A logo pdfkit cannot draw (e.g. GIF, WEBP) is left out rather than failing the document.
    }
  }
  pdf.font('Helvetica-Bold').fontSize(11).text(doc.company.name, MARGIN + 130, top, { width: 200 });
  pdf.font('Helvetica').fontSize(9).text(`Código ${doc.company.code}`, MARGIN + 130, pdf.y, { width: 200 });
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.title, MARGIN, top, { width: WIDTH, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Nº ${doc.number}`, { width: WIDTH, align: 'right' })
    .text(`Fecha: ${madridDay(doc.date)}`, { width: WIDTH, align: 'right' });
  top = Math.max(pdf.y, MARGIN + 70) + 15;

  // Client.
  const c = doc.client;
  pdf.font('Helvetica-Bold').fontSize(10).text('Cliente', MARGIN, top);
  pdf.font('Helvetica').fontSize(9);
  for (const line of [
    c.name,
    c.nif ? `NIF ${c.nif}` : null,
    c.address,
    [c.postalCode, c.city, c.province].filter(Boolean).join(' '),
    [c.email, c.phone].filter(Boolean).join(' · '),
  ]) {
    if (line) pdf.text(line);
  }
  pdf.moveDown();

  for (const block of doc.blocks) {
    pdf.font('Helvetica-Bold').fontSize(10).text(block.title, MARGIN);
    pdf.font('Helvetica').fontSize(9).text(block.facts.map(([label, value]) => `${label}: ${value}`).join('   ·   '), { width: WIDTH });
    pdf.moveDown(0.6);
  }

  for (const drawing of doc.drawings ?? []) drawPoolSection(pdf, drawing);

  // Lines.
  pdf.moveDown(0.4);
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      pdf.text(cell, x, y, { width: COLUMNS[i].width - 6, align: COLUMNS[i].align });
      bottom = Math.max(bottom, pdf.y);
      x += COLUMNS[i].width;
    });
    pdf.y = bottom + 4;
    if (pdf.y > 760) pdf.addPage();
  };
  row(COLUMNS.map((col) => col.title), true);
  pdf.moveTo(MARGIN, pdf.y - 2).lineTo(MARGIN + WIDTH, pdf.y - 2).stroke();
  for (const line of doc.lines)
    row([line.description, line.reference ?? '', String(line.quantity), formatEuros(line.unitPrice), formatEuros(line.amount)]);
  pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).stroke();
  pdf.moveDown(0.6);

  // Totals, right-aligned.
  const total = (label: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    pdf.text(label, MARGIN + WIDTH - 260, y, { width: 170, align: 'right' });
    pdf.text(amount, MARGIN + WIDTH - 90, y, { width: 90, align: 'right' });
    pdf.moveDown(0.3);
  };
  for (const [label, amount] of doc.totals) total(label, amount);
  total(doc.grandTotal[0], formatEuros(doc.grandTotal[1]), true);

  if (doc.notes?.length) {
    pdf.moveDown();
    pdf.font('Helvetica').fontSize(8);
    for (const note of doc.notes) pdf.text(note, MARGIN, pdf.y, { width: WIDTH });
  }
  pdf.end();
  return done;
}

/** The tallest a pool's drawing is printed, in points: it leaves room for the lines on the first page. */
const DRAWING_HEIGHT = 200;
const DRAWING_LEGEND = 'Medidas en metros, dibujadas a escala. Línea discontinua: el cobertor, con el solape a cada lado.';

/** A pool's title, summary, drawing and legend, kept together: moved whole to a new page when they do not fit. */
function drawPoolSection(pdf: PDFKit.PDFDocument, { title, pool }: { title: string; pool: StoredPool }) {
  const summary = poolSummary(pool);
  const drawing = poolDrawingHeight(pool, WIDTH, DRAWING_HEIGHT);
  pdf.font('Helvetica').fontSize(9);
  const words = pdf.heightOfString(summary, { width: WIDTH }) + pdf.heightOfString(DRAWING_LEGEND, { width: WIDTH });
  pdf.font('Helvetica-Bold').fontSize(10);
  const needed = pdf.heightOfString(title, { width: WIDTH }) + words + drawing + 20;
  if (pdf.y + needed > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();

  pdf.text(title, MARGIN, pdf.y, { width: WIDTH });
  pdf.font('Helvetica').fontSize(9).text(summary, { width: WIDTH });
  pdf.moveDown(0.3);
  const used = drawPool(pdf, pool, { left: MARGIN, top: pdf.y, width: WIDTH, maxHeight: DRAWING_HEIGHT });
  pdf.y += used + 4;
  pdf.font('Helvetica').fontSize(8).fillColor('#455a64').text(DRAWING_LEGEND, MARGIN, pdf.y, { width: WIDTH });
  pdf.fillColor('black');
  pdf.moveDown(0.8);
}
