/**
 * Reads a create/update body: JSON `{ data: "<json>" }` (or `{ data: {...} }`) or multipart with a
 * `data` field plus one file per file field (DESIGN §4).
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, invalid } from '../errors';
import { Msg } from '../../shared/messages';

export interface UploadedFile { filename: string; data: Buffer }
export interface Payload { data: Record<string, unknown>; files: Record<string, UploadedFile>; fields: Record<string, string> }

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
  const files: Record<string, UploadedFile> = {};
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (files[part.fieldname]) throw invalid({ [part.fieldname]: ONE_FILE_ONLY });
      files[part.fieldname] = { filename: part.filename || 'archivo', data };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { data: parseData(fields.data), files, fields };
}
