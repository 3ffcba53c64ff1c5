/**
 * Reads a create/update body: JSON `{ data: "<json>" }` (or `{ data: {...} }`) or multipart with a
 * `data` field plus one file per file field (docs/api.md). Multipart is read only for the file fields
 * the route declares (plugins/uploads.ts), each file as a stream stopped at its field's limit.
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badRequest, invalid, unsupportedMedia } from '../errors';
import { fileTooBig, Msg } from '../../shared/messages';

export interface UploadedFile { filename: string; data: Buffer }
export interface Payload { data: Record<string, unknown>; files: Record<string, UploadedFile>; fields: Record<string, string> }
/** A multipart body's text fields and files; a file's `filename` is '' when the browser gave none. */
export interface Parts { fields: Record<string, string>; files: Array<UploadedFile & { field: string }> }

export const ONE_FILE_ONLY = 'Sólo puede subirse 1 archivo';

function parseData(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(Msg.invalidBody);
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(Msg.invalidBody);
  return value as Record<string, unknown>;
}

export async function readPayload(request: FastifyRequest): Promise<Payload> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    // Only a JSON object is a body (Fastify also parses text/plain into a string).
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(Msg.invalidBody);
    return { data: parseData('data' in body ? (body as { data: unknown }).data : body), files: {}, fields: {} };
  }
  const parts = await readParts(request);
  const files = Object.fromEntries(parts.files.map(({ field, filename, data }) => [field, { filename: filename || 'archivo', data }]));
  return { data: parseData(parts.fields.data), files, fields: parts.fields };
}

/** Busboy's limit errors, as the Spanish answer of the field (or form) they concern. */
const LIMIT_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: Msg.tooManyFiles,
  FST_PARTS_LIMIT: Msg.invalidBody,
  FST_FIELDS_LIMIT: Msg.invalidBody,
};

/**
 * The text fields and files of a multipart request, reading only the files its route declares: a file
 * in any other field is refused before its first byte is read, and each declared file is refused as
 * soon as it passes its field's limit. On refusal the rest of the body is discarded unread.
 */
export async function readParts(request: FastifyRequest): Promise<Parts> {
  const uploads = request.routeOptions.config?.uploads;
  if (!uploads) throw unsupportedMedia(Msg.noFilesHere);
  const perField = uploads.perField ?? 1;
  // One more file and byte than allowed reach us, so the answer is ours and names the field.
  const limits = {
    fileSize: Math.max(0, ...Object.values(uploads.fields)) + 1,
    files: Object.keys(uploads.fields).length * perField + 1,
    fields: 20, fieldSize: 1024 * 1024, parts: 40,
  };
  const parts: Parts = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const max = Object.hasOwn(uploads.fields, part.fieldname) ? uploads.fields[part.fieldname] : undefined;
        if (max === undefined) throw invalid({ [part.fieldname]: Msg.fileNotExpected });
        if (parts.files.filter((file) => file.field === part.fieldname).length === perField) {
          throw invalid({ [part.fieldname]: perField === 1 ? ONE_FILE_ONLY : Msg.tooManyFiles });
        }
        parts.files.push({ field: part.fieldname, filename: part.filename ?? '', data: await readWithin(part.file, max, part.fieldname) });
      } else {
        parts.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The parser holds the request; let the rest of it flow to nowhere instead of into memory.
    request.raw.unpipe();
    request.raw.resume();
    const known = LIMIT_ERRORS[(error as { code?: string }).code ?? ''];
    throw known ? badRequest(known) : error;
  }
  return parts;
}

/** A file's bytes, refused as soon as they pass `max` (nothing past the limit is kept). */
async function readWithin(stream: Readable, max: number, field: string) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw invalid({ [field]: fileTooBig(max) });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
