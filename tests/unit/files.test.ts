import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkFile, sniffKind } from '../../src/server/files/content';
import { announcement } from '../../schemas/announcement';
import { client } from '../../schemas/client';
import { poolCover } from '../../schemas/poolCover';
import { user } from '../../schemas/user';
import { checkFileToken, fileToken, fileUrl } from '../../src/server/files/urls';
import { pngOf } from '../support/images';

describe('files are judged by their content', () => {
  it('recognises PNG, JPEG, GIF, WEBP and PDF by magic bytes, whatever the name', () => {
    expect(sniffKind(pngOf(1, 1))).toBe('png');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffKind(Buffer.from('GIF89a......'))).toBe('gif');
    expect(sniffKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffKind(Buffer.from('hola'))).toBe(null);
    expect(sniffKind(zlib.deflateSync(Buffer.from('x')))).toBe(null);
  });

  it('checks the exact pixel size when the rule asks for one', () => {
    const rule = { kinds: ['png' as const], typeMessage: 'tipo', dimensions: { width: 956, height: 637, message: 'medida' } };
    expect(checkFile(rule, pngOf(956, 637))).toEqual({ kind: 'png' });
    expect(checkFile(rule, pngOf(956, 636))).toEqual({ message: 'medida' });
    expect(checkFile(rule, Buffer.from('%PDF-1.4'))).toEqual({ message: 'tipo' });
  });
});

describe('file URLs carry a token valid for that file only', () => {
  const secret = 'x'.repeat(64);
  const now = Date.parse('2026-11-26T10:05:00Z');
  const minutes = (n: number) => n * 60_000;

  it('verifies its own token and refuses it for another file, field or secret', () => {
    const token = fileToken(secret, user, 'image', 'a.png', now);
    expect(checkFileToken(secret, user, 'image', 'a.png', token, now)).toBeGreaterThan(0);
    expect(checkFileToken(secret, user, 'image', 'b.png', token, now)).toBe('invalid');
    expect(checkFileToken(secret, client, 'logo_image', 'a.png', token, now)).toBe('invalid');
    expect(checkFileToken('y'.repeat(64), user, 'image', 'a.png', token, now)).toBe('invalid');
    expect(fileUrl(secret, user, 'image', 'user/a.png', now)).toBe(`/api/user/file/${token}/image/a.png`);
    expect(fileUrl(secret, user, 'image', null, now)).toBe(null);
  });

  it('gives a private file a link that lives between one and two half-hours, the same all through a half-hour', () => {
    const token = fileToken(secret, announcement, 'attachment', 'a.pdf', now);
    expect(fileToken(secret, announcement, 'attachment', 'a.pdf', now + minutes(24))).toBe(token);
    expect(fileToken(secret, announcement, 'attachment', 'a.pdf', now + minutes(25))).not.toBe(token);
    expect(checkFileToken(secret, announcement, 'attachment', 'a.pdf', token, now)).toBe(55 * 60);
    expect(checkFileToken(secret, announcement, 'attachment', 'a.pdf', token, now + minutes(54))).toBe(60);
    expect(checkFileToken(secret, announcement, 'attachment', 'a.pdf', token, now + minutes(55))).toBe('expired');
  });

  it('refuses a private link whose expiry was changed, or one without expiry', () => {
    const token = fileToken(secret, announcement, 'attachment', 'a.pdf', now);
    const [expiry, signature] = token.split('.');
    const later = (parseInt(expiry, 36) + 3600).toString(36);
    expect(checkFileToken(secret, announcement, 'attachment', 'a.pdf', `${later}.${signature}`, now)).toBe('invalid');
    expect(checkFileToken(secret, announcement, 'attachment', 'a.pdf', signature, now)).toBe('invalid');
  });

  it('keeps a catalogue image on one link for ever', () => {
    const token = fileToken(secret, poolCover, 'image', 'c.png', now);
    expect(token).not.toContain('.');
    expect(fileToken(secret, poolCover, 'image', 'c.png', now + minutes(60 * 24 * 365))).toBe(token);
    expect(checkFileToken(secret, poolCover, 'image', 'c.png', token, now + minutes(60 * 24 * 365))).toBe(Infinity);
  });
});
