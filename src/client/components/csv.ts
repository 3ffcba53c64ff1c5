/** The lists' CSV export: one CSV writer for the screens and the server (src/shared/csv.ts). */
export { toCsv } from '../../shared/csv';
