import { onFirstUse } from '../lib/on-first-use.ts';

// A native addon: loaded with the first password hashed or checked, not at start-up.
const loadArgon2 = onFirstUse(() => import('@node-rs/argon2'));

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1), as DESIGN.md's security baseline sets.
const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum we cannot import) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps a wrong account as slow as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('meetflow-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
