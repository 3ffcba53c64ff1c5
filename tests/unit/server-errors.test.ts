/** What the server's log keeps of an error, and which database errors are the request's fault. */
import { describe, expect, it } from 'vitest';
import { dataExceptionCode, withoutValues } from '../../src/server/plugins/envelope';

/** An error as drizzle wraps a failed statement: its message holds the statement and its values. */
function failedQuery(code: string) {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
  return Object.assign(
    new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: lucia@ejemplo.es,$argon2id$v=19$secreto',
    ),
    { cause },
  );
}

describe('database errors', () => {
  it('a data exception (SQLSTATE 22…) is the request\'s fault, found on the error or its cause', () => {
    expect(dataExceptionCode(failedQuery('22021'))).toBe('22021');
    expect(dataExceptionCode(Object.assign(new Error('x'), { code: '22008' }))).toBe('22008');
    expect(dataExceptionCode(failedQuery('23505'))).toBeNull();
    expect(dataExceptionCode(new Error('plain'))).toBeNull();
  });

  it('the log keeps the kind, code, first line and stack of an error, never the statement\'s values', () => {
    const logged = JSON.stringify(withoutValues(failedQuery('XX000')));
    expect(logged).toContain('Failed query');
    expect(logged).toContain('XX000');
    expect(logged).not.toContain('lucia@ejemplo.es');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('params');
  });
});
