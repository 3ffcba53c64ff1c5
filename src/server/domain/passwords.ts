import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default costs. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the identity is unknown, so a miss costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword('contraseña-que-nadie-tiene'));
