import { hash, verify } from "@node-rs/argon2";
import { type PasswordProblem, passwordProblem, refuseProblems } from "@sports/domain";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). The PHC string
 * carries them, so raising them later only needs `needsRehash` at the next login.
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A login for an unknown address still pays for one verification, so timing does not tell. The
 * decoy's hash is made ahead (`prepareDecoy`, when the routes are built): made at the first unknown
 * address, it would make that one login slower than any other.
 */
let decoy: Promise<string> | undefined;
export function prepareDecoy(): void {
  decoy ??= hashPassword("decoy password never used by anyone");
}
export async function verifyAgainstDecoy(password: string): Promise<false> {
  prepareDecoy();
  await verifyPassword(await (decoy as Promise<string>), password);
  return false;
}

/** The 10,000 most common passwords (zxcvbn's frequency-ordered list), lowercased. */
export const COMMON_PASSWORD_COUNT = 10_000;
let common: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (dictionary["passwords-common"] as string[]).slice(0, COMMON_PASSWORD_COUNT).map((entry) => entry.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

const PASSWORD_PROBLEM_DETAILS: Record<PasswordProblem, string> = {
  "too-short": "Use at least 8 characters.",
  "too-long": "Use at most 256 characters.",
  common: "This password is among the most common ones; choose another.",
  "contains-email": "Do not use your e-mail address in the password.",
};

/**
 * Refuses a new password the rules of `passwordProblem` (packages/domain/src/accounts.ts) turn down,
 * as an `invalid-input` problem on `attribute` (`password-too-short`, `password-common`…);
 * `email` is the account's address, which the password must not contain.
 */
export function refuseWeakPassword(password: string, email: string, attribute: string): void {
  const problem = passwordProblem(password, { email, isCommon: isCommonPassword });
  if (problem) refuseProblems([{ attribute, code: `password-${problem}`, detail: PASSWORD_PROBLEM_DETAILS[problem] }]);
}
