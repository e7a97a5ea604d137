import { ERROR_CODES } from '../../../shared/errors';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/** What one image may cost: decoded, resized and encoded within this many seconds, or refused. */
export const IMAGE_JOB_SECONDS = 2;
/** What all the images of one request may cost together (the sell form carries five photos). */
export const REQUEST_IMAGE_SECONDS = 4;
/** A job is not started with less than this left: it could only be refused at its deadline. */
const SMALLEST_GRANT = 0.25;
/** The window over which an address's image CPU is counted. */
const ADDRESS_WINDOW_MS = 10 * 60_000;

/**
 * The CPU seconds image jobs may still take: `reserve()` grants the next job its deadline (refusing when
 * too little is left), `settle()` gives back what the job did not use.
 */
export interface ImageBudget {
  reserve(): number;
  settle(reserved: number, spent: number): void;
}

/** For the store's own images (the resized variants of what was already taken in): one job's deadline each. */
export const ownImages: ImageBudget = { reserve: () => IMAGE_JOB_SECONDS, settle: () => {} };

export interface ImageBudgets {
  /** The budget of one request from a client address (its `clientKey`). */
  forRequest(addressKey: string): ImageBudget;
}

/**
 * CPU seconds of image decoding each client address may spend per 10 minutes, counted in this instance's
 * memory: the CPU it protects is this instance's own (decision 067). Each request draws on its address's
 * budget and on its own REQUEST_IMAGE_SECONDS.
 */
export function createImageBudgets({
  secondsPerAddress,
  clock,
}: {
  secondsPerAddress: number;
  clock: Clock;
}): ImageBudgets {
  const spentBy = new Map<string, { spent: number; resetAt: number }>();
  const accountOf = (key: string) => {
    const now = clock.now().getTime();
    let account = spentBy.get(key);
    if (!account || account.resetAt <= now) {
      if (spentBy.size >= 10_000) {
        for (const [other, { resetAt }] of spentBy) if (resetAt <= now) spentBy.delete(other);
      }
      account = { spent: 0, resetAt: now + ADDRESS_WINDOW_MS };
      spentBy.set(key, account);
    }
    return account;
  };
  return {
    forRequest(addressKey) {
      let requestLeft = REQUEST_IMAGE_SECONDS;
      return {
        reserve() {
          const account = accountOf(addressKey);
          const addressLeft = secondsPerAddress - account.spent;
          if (addressLeft < SMALLEST_GRANT) {
            const minutes = Math.max(1, Math.ceil((account.resetAt - clock.now().getTime()) / 60_000));
            const wait = minutes === 1 ? 'a minute' : `${minutes} minutes`;
            throw new AppError(ERROR_CODES.rateLimited, `Too many images from your address: try again in ${wait}`, {
              status: 429,
            });
          }
          if (requestLeft < SMALLEST_GRANT) {
            throw new AppError(
              'INVALID_IMAGE',
              'These images take too long to read together: send fewer or smaller ones',
              {
                status: 400,
              },
            );
          }
          const granted = Math.min(IMAGE_JOB_SECONDS, requestLeft, addressLeft);
          requestLeft -= granted;
          account.spent += granted;
          return granted;
        },
        settle(reserved, spent) {
          requestLeft += reserved - spent;
          const account = accountOf(addressKey);
          account.spent = Math.max(0, account.spent - (reserved - spent));
        },
      };
    },
  };
}
