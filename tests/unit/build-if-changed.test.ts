/** `npm start` builds the client only when its sources changed since the last build (scripts/build-if-changed.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientSourcesHash, needsBuild, writeStamp } from '../../scripts/build-if-changed';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** A project whose client was built from its current sources, as the script leaves it. */
const built = () => {
  write('dist/client/index.html', '<html></html>');
  writeStamp(root, clientSourcesHash(root));
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-build-'));
  write('src/client/App.tsx', 'export const App = 1;');
  write('schemas/tax.ts', 'export const tax = 1;');
  write('src/shared/money.ts', 'export const euro = 1;');
  write('src/server/main.ts', 'console.log(1);');
  write('package-lock.json', '{}');
});
afterEach(() => { fs.rmSync(root, { recursive: true, force: true }); });

describe('build only when the client\'s sources changed', () => {
  it('builds when nothing was built yet, or without a stamp', () => {
    expect(needsBuild(root)).toBe(true);
    write('dist/client/index.html', '<html></html>');
    expect(needsBuild(root)).toBe(true);
  });

  it('does not build again when nothing changed, nor when only a server file or a date changed', () => {
    built();
    expect(needsBuild(root)).toBe(false);
    write('src/server/main.ts', 'console.log(2);');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/client/App.tsx'), later, later);
    expect(needsBuild(root)).toBe(false);
  });

  it('builds again when client code, a schema, shared code or the locked packages change, or a file is added', () => {
    for (const [file, text] of [['src/client/App.tsx', 'export const App = 2;'], ['schemas/tax.ts', 'x'], ['src/shared/money.ts', 'y'],
      ['package-lock.json', '{"v":2}'], ['src/client/pages/New.tsx', 'new']] as const) {
      built();
      write(file, text);
      expect(needsBuild(root), file).toBe(true);
    }
  });

  it('builds again when the built client is gone', () => {
    built();
    fs.rmSync(path.join(root, 'dist/client'), { recursive: true });
    expect(needsBuild(root)).toBe(true);
  });
});
