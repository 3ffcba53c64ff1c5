/**
 * Without PUBLIC_URL mailed links point to localhost: a server others can reach says so at start,
 * in one line of its log; one reached only from this machine (or with PUBLIC_URL set) does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp | undefined;
afterEach(async () => { await t?.close(); t = undefined; });

/** The messages the app logs while it starts listening on `host` (the warning is written before listen() returns). */
async function startLog(host: string, config: { publicUrlSet: boolean; publicUrl?: string }): Promise<string[]> {
  const lines: string[] = [];
  t = await startTestApp({ config, logStream: { write: (line) => { lines.push(line); } } });
  await t.app.listen({ port: 0, host });
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('start without PUBLIC_URL', () => {
  it('warns once, in Spanish, when the server listens beyond loopback', async () => {
    const messages = await startLog('0.0.0.0', { publicUrlSet: false, publicUrl: 'http://localhost:3000' });
    const warnings = messages.filter((message) => message.includes('PUBLIC_URL'));
    expect(warnings).toEqual([
      expect.stringContaining('PUBLIC_URL no está definida: los enlaces de los correos apuntarán a http://localhost:3000'),
    ]);
  });

  it('says nothing when only this machine can reach it', async () => {
    const messages = await startLog('127.0.0.1', { publicUrlSet: false });
    expect(messages.some((message) => message.startsWith('Server listening'))).toBe(true);
    expect(messages.filter((message) => message.includes('PUBLIC_URL'))).toEqual([]);
  });

  it('says nothing when PUBLIC_URL is set', async () => {
    const messages = await startLog('0.0.0.0', { publicUrlSet: true, publicUrl: 'https://cobertores.example' });
    expect(messages.some((message) => message.startsWith('Server listening'))).toBe(true);
    expect(messages.filter((message) => message.includes('PUBLIC_URL'))).toEqual([]);
  });
});
