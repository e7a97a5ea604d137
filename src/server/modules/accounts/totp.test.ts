import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

/** RFC 6238 appendix B: the seeds, as base32, and the 8-digit codes at each time for SHA-1, SHA-256 and SHA-512. */
const SEEDS = {
  sha1: base32Encode(Buffer.from('12345678901234567890')),
  sha256: base32Encode(Buffer.from('12345678901234567890123456789012')),
  sha512: base32Encode(Buffer.from('1234567890123456789012345678901234567890123456789012345678901234')),
};
const VECTORS: Array<[seconds: number, sha1: string, sha256: string, sha512: string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it("gives the RFC's test vectors for every time and hash", () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const step = totpStep(new Date(seconds * 1000));
      expect(totpCode(SEEDS.sha1, step, 8, 'sha1'), `${seconds}`).toBe(sha1);
      expect(totpCode(SEEDS.sha256, step, 8, 'sha256'), `${seconds}`).toBe(sha256);
      expect(totpCode(SEEDS.sha512, step, 8, 'sha512'), `${seconds}`).toBe(sha512);
    }
  });

  it('gives the 6-digit code an authenticator app shows: the last six digits of the same truncation', () => {
    expect(totpCode(SEEDS.sha1, totpStep(new Date(59_000)))).toBe('287082');
  });

  it('accepts the code of the step before and after, and nothing further', () => {
    const at = new Date(1111111111_000);
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(SEEDS.sha1, totpCode(SEEDS.sha1, step + offset), at)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) expect(matchTotp(SEEDS.sha1, totpCode(SEEDS.sha1, step + offset), at)).toBeNull();
    expect(matchTotp(SEEDS.sha1, '12345', at)).toBeNull();
    expect(matchTotp(SEEDS.sha1, '', at)).toBeNull();
  });

  it('reads back the base32 it writes (RFC 4648 alphabet)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('writes the otpauth:// link authenticator apps read', () => {
    expect(otpauthUri('QuickBuy', 'admin@quickbuy.test', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/QuickBuy:admin%40quickbuy.test?secret=JBSWY3DPEHPK3PXP&issuer=QuickBuy&algorithm=SHA1&digits=6&period=30',
    );
  });
});
