/**
 * A worker's monthly working-time record as a PDF (art. 34.9 ET): the company, the worker and the month,
 * each day with its stretches, pauses and worked time, the month's total, the corrections with their
 * reasons, the production steps marked while not clocked in, and the company's and the worker's signature lines.
 */
import PDFDocument from 'pdfkit';
import { asc } from 'drizzle-orm';
import { formatDay } from '../../shared/format';
import { monthTitle } from '../../shared/timeRecords';
import type { AppContext } from '../context';
import { invoicing_companies } from '../db/tables';
import type { MonthView } from '../../shared/timeRecordAnswers';

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
const COLUMNS = [
  { title: 'Día', width: 62 },
  { title: 'Entradas y salidas', width: 140 },
  { title: 'Pausas', width: 120 },
  { title: 'Pausa', width: 45 },
  { title: 'Trabajado', width: 55 },
  { title: 'Notas', width: 73 },
];

/** pdfkit's standard fonts draw no en dash: "08:00–14:00" → "08:00 - 14:00". */
const forPdf = (span: string) => span.replace('–', ' - ');

/** Notes of a day: corrected (*), still going on, or without its check-out. */
function dayNotes(day: MonthView['days'][number]) {
  return [day.corrected ? 'Corregido *' : '', day.ongoing ? 'En curso' : '', day.incomplete ? 'Sin salida' : ''].filter(Boolean).join(', ');
}

/** The employer on the record: the first invoicing company (the business's own). */
async function employer(ctx: AppContext) {
  const [company] = await ctx.db.select().from(invoicing_companies).orderBy(asc(invoicing_companies.id)).limit(1);
  const logo = company?.image ? await ctx.files.get(company.image).catch(() => null) : null;
  return { name: company?.name ?? 'Cobertores', code: company?.code ?? '', logo };
}

export async function renderTimeRecordReport(ctx: AppContext, record: MonthView): Promise<Buffer> {
  const company = await employer(ctx);
  const title = `Registro de jornada · ${monthTitle(record.month)}`;
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title} · ${record.worker.name}`, Author: company.name } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Header: the company on the left (logo when pdfkit can draw it), the title on the right.
  let top = MARGIN;
  if (company.logo) {
    try { pdf.image(company.logo, MARGIN, top, { fit: [120, 60] }); } catch { /* a logo pdfkit cannot draw is left out */ }
  }
  pdf.font('Helvetica-Bold').fontSize(11).text(company.name, MARGIN + 130, top, { width: 180 });
  if (company.code) pdf.font('Helvetica').fontSize(9).text(`Código ${company.code}`, MARGIN + 130, pdf.y, { width: 180 });
  pdf.font('Helvetica-Bold').fontSize(15).text('Registro de jornada', MARGIN, top, { width: WIDTH, align: 'right' });
  pdf.font('Helvetica').fontSize(10).text(monthTitle(record.month), { width: WIDTH, align: 'right' });
  top = Math.max(pdf.y, MARGIN + 70) + 15;

  pdf.font('Helvetica-Bold').fontSize(10).text('Trabajador', MARGIN, top);
  pdf.font('Helvetica').fontSize(10).text(`${record.worker.name} (${record.worker.username})`);
  pdf.moveDown(0.8);

  // The days. A row that does not fit what is left of the page goes to the next one; a day with more
  // entries than a page holds is cut between its lines and goes on, marked «(sigue)», on the next.
  const bottom = () => pdf.page.height - MARGIN - 20;
  const heightOf = (cells: string[]) =>
    Math.max(...cells.map((cell, i) => pdf.heightOfString(cell || ' ', { width: COLUMNS[i].width - 4 }))) + 4;
  const draw = (cells: string[]) => {
    const y = pdf.y;
    const height = heightOf(cells);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      pdf.text(cell, x, y + 2, { width: COLUMNS[i].width - 4, lineBreak: true });
      x += COLUMNS[i].width;
    });
    pdf.y = y + height;
    pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).lineWidth(0.3).strokeColor('#999999').stroke();
  };
  const row = (cells: string[], bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let rest = cells;
    for (;;) {
      if (pdf.y + heightOf(rest) <= bottom()) return draw(rest);
      const atTop = pdf.y <= MARGIN + 1;
      if (!atTop && MARGIN + heightOf(rest) <= bottom()) { pdf.addPage(); continue; }
      // Longer than what is left of the page: as many of each cell's lines as fit, the rest on the next.
      const lines = rest.map((cell) => cell.split('\n'));
      const most = Math.max(...lines.map((l) => l.length));
      let fit = 0;
      while (fit < most && pdf.y + heightOf(lines.map((l) => l.slice(0, fit + 1).join('\n'))) <= bottom()) fit++;
      if (fit === 0 && !atTop) { pdf.addPage(); continue; }
      fit = Math.max(fit, 1);
      draw(lines.map((l) => l.slice(0, fit).join('\n')));
      const left = lines.map((l) => l.slice(fit).join('\n'));
      if (!left.some(Boolean)) return;
      rest = [`${cells[0]} (sigue)`, ...left.slice(1)];
      pdf.addPage();
    }
  };
  row(COLUMNS.map((c) => c.title), true);
  if (!record.days.length) row(['', 'Sin fichajes este mes', '', '', '', '']);
  for (const day of record.days) {
    row([
      formatDay(day.day),
      day.stretches.map(forPdf).join('\n'),
      day.pauses.map(forPdf).join('\n'),
      day.paused,
      day.worked,
      dayNotes(day),
    ]);
  }
  pdf.moveDown(0.6);
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Total del mes: ${record.worked} h trabajadas (pausas: ${record.paused} h)`, MARGIN, pdf.y, { width: WIDTH, align: 'right' });

  // Corrections: every change with its reason, the original kept.
  const corrections = record.days.flatMap((day) =>
    day.entries.flatMap((entry) => {
      const original = `${formatDay(day.day)} · ${entry.original?.label ?? entry.label} ${entry.original?.time ?? entry.time}`;
      return [
        ...(entry.added ? [`${original} añadida por la empresa. Motivo: ${entry.reason ?? ''}`] : []),
        ...entry.corrections.map(
          (c) =>
            `${original}: ${c.voids ? 'anulada' : `corregida a ${c.label.toLowerCase()} ${formatDay(c.day)} ${c.time}`}`
            + `${c.recorded_by ? ` por ${c.recorded_by}` : ''}. Motivo: ${c.reason}`,
        ),
      ];
    }),
  );
  if (corrections.length) {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').fontSize(10).text('* Correcciones', MARGIN, pdf.y, { width: WIDTH });
    pdf.font('Helvetica').fontSize(8.5);
    for (const line of corrections) pdf.text(line, { width: WIDTH });
  }

  // Production steps marked while not clocked in (issue 44): what the office checks against the record.
  if (record.outside_marks.length) {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').fontSize(10)
      .text(`Pasos marcados sin fichar (${record.outside_marks.length})`, MARGIN, pdf.y, { width: WIDTH });
    pdf.font('Helvetica').fontSize(8.5);
    for (const mark of record.outside_marks)
      pdf.text(`${formatDay(mark.day)} ${mark.time} · ${mark.step} · artículo ${mark.barcode} · pedido ${mark.order_id}`, { width: WIDTH });
  }

  // Signatures.
  if (pdf.y > pdf.page.height - MARGIN - 110) pdf.addPage();
  const signY = Math.max(pdf.y + 60, pdf.page.height - MARGIN - 90);
  const half = (WIDTH - 40) / 2;
  pdf.moveTo(MARGIN, signY).lineTo(MARGIN + half, signY).lineWidth(0.5).strokeColor('#000000').stroke();
  pdf.moveTo(MARGIN + half + 40, signY).lineTo(MARGIN + WIDTH, signY).stroke();
  pdf.font('Helvetica').fontSize(9).text('Firma de la empresa', MARGIN, signY + 4, { width: half, align: 'center' });
  pdf.text('Firma del trabajador', MARGIN + half + 40, signY + 4, { width: half, align: 'center' });
  pdf
    .fontSize(7.5)
    .fillColor('#555555')
    .text(
      'Registro diario de jornada (art. 34.9 del Estatuto de los Trabajadores). '
      + 'Los registros se conservan cuatro años y no se modifican: cada corrección se añade con su motivo.',
      MARGIN,
      signY + 30,
      { width: WIDTH, align: 'center' },
    );

  pdf.end();
  return done;
}
