import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkFile, sniffKind } from '../../src/server/files/content';
import { fileToken, fileUrl, verifyFileToken } from '../../src/server/files/urls';
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
  it('verifies its own token and refuses it for another file or field', () => {
    const token = fileToken(secret, 'user', 'image', 'a.png');
    expect(verifyFileToken(secret, 'user', 'image', 'a.png', token)).toBe(true);
    expect(verifyFileToken(secret, 'user', 'image', 'b.png', token)).toBe(false);
    expect(verifyFileToken(secret, 'client', 'logo_image', 'a.png', token)).toBe(false);
    expect(fileUrl(secret, 'user', 'image', 'user/a.png')).toBe(`/api/user/file/${token}/image/a.png`);
    expect(fileUrl(secret, 'user', 'image', null)).toBe(null);
  });
});
