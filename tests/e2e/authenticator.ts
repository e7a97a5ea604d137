import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from '@playwright/test';
import { TOTP_STEP_SECONDS, totpCode, totpStep } from '../../src/server/modules/accounts/totp';

/**
 * The staff's phones in the browser tests: the codes of each account's secret, with the steps this
 * run used kept in one ledger that every worker shares, so no two sign-ins ever present the same code
 * (the server takes a code once). When the steps the server accepts (up to one ahead of its clock)
 * are spent, the sign-in waits for the next one, as a person would, and the test gets that time added.
 */
const dir = path.join(
  tmpdir(),
  `quickbuy-e2e-totp-${createHash('sha1').update(process.cwd()).digest('hex').slice(0, 8)}`,
);
const ledger = path.join(dir, 'steps.json');
const lock = path.join(dir, 'lock');

async function locked<T>(work: () => T): Promise<T> {
  mkdirSync(dir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a few seconds was left by a run that was killed: nothing holds it.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5_000) rmSync(lock, { recursive: true, force: true });
      await sleep(20);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The run's ledger removed (Playwright's global teardown): the next run's server has taken none of its codes. */
export const forgetUsedCodes = () => rmSync(dir, { recursive: true, force: true });

function readLedger(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(ledger, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The next unused code of `secret` for `account` (a username or email). */
export async function nextCode(account: string, secret: string): Promise<string> {
  const step = await locked(() => {
    const used = readLedger();
    const next = Math.max(totpStep(new Date()), (used[account] ?? -Infinity) + 1);
    writeFileSync(ledger, JSON.stringify({ ...used, [account]: next }));
    return next;
  });
  const waitMs = (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
  if (waitMs > 0) {
    try {
      test.info().setTimeout(test.info().timeout + waitMs + 5_000);
    } catch {
      // Outside a test (a worker's fixture): its own time limit applies.
    }
    await sleep(waitMs + 250);
  }
  return totpCode(secret, step);
}
