/** A folder of modules a test writes, in the system's temporary folder: ES modules, as the project's are. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function moduleFixtures(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  // Its package.json says so, as the project's does.
  fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }');
  return {
    /** Writes `code` to `name` in the folder; its absolute path. */
    write(name: string, code: string) {
      const file = path.join(folder, name);
      fs.writeFileSync(file, code);
      return file;
    },
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
