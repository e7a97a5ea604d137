import { describe, expect, it } from 'vitest';
import { luhnValid, SELL_MESSAGES, sellFormSchema } from './sell-form';
import { moveRefusal } from './trade-in-statuses';
import { maskEmail, maskPhone, payoutAccountSchema } from './trade-ins';
import { sellForm } from '../../tests/support/sell-form';

const valid = sellForm();

const fieldsOf = (input: unknown) => {
  const result = sellFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('luhnValid', () => {
  it('accepts an IMEI whose check digit is right and refuses one digit off', () => {
    expect(luhnValid('490154203237518')).toBe(true);
    expect(luhnValid('490154203237519')).toBe(false);
  });
});

describe('sellFormSchema', () => {
  it('keeps every field and writes the phone one way', () => {
    const parsed = sellFormSchema.parse({ ...valid, color: 'Blue', imei: '4901 5420 3237 518' });
    expect(parsed).toMatchObject({ contactPhone: '+27 82 555 0199', color: 'Blue', imei: '490154203237518' });
  });

  it('names the required fields with the messages the form shows', () => {
    expect(fieldsOf({ isOwner: false })).toEqual({
      deviceType: SELL_MESSAGES.typeRequired,
      model: SELL_MESSAGES.modelRequired,
      customerName: SELL_MESSAGES.nameRequired,
      address: SELL_MESSAGES.addressRequired,
      contactPhone: SELL_MESSAGES.phoneRequired,
      contactEmail: SELL_MESSAGES.emailRequired,
      isOwner: SELL_MESSAGES.ownerRequired,
    });
  });

  it('refuses a bad email and a phone that is not South African', () => {
    expect(fieldsOf({ ...valid, contactEmail: 'nope', contactPhone: '555 0199' })).toEqual({
      contactEmail: SELL_MESSAGES.emailInvalid,
      contactPhone: SELL_MESSAGES.phoneInvalid,
    });
  });

  it('refuses a 15-digit IMEI with a wrong check digit, and odd serials', () => {
    expect(fieldsOf({ ...valid, imei: '490154203237519' })).toEqual({ imei: SELL_MESSAGES.imeiInvalid });
    expect(fieldsOf({ ...valid, imei: '12345678901234' })).toEqual({ imei: SELL_MESSAGES.imeiInvalid });
    expect(fieldsOf({ ...valid, imei: 'C02X#1' })).toEqual({ imei: SELL_MESSAGES.serialInvalid });
    expect(fieldsOf({ ...valid, imei: 'C02XK0ABJG5H' })).toEqual({});
  });

  it('refuses a brand, storage or RAM from another type, and any RAM for a TV', () => {
    expect(fieldsOf({ ...valid, brand: 'Dell', storage: '2TB SSD', ram: '64GB' })).toEqual({
      brand: SELL_MESSAGES.brandInvalid,
      storage: SELL_MESSAGES.storageInvalid,
      ram: SELL_MESSAGES.ramInvalid,
    });
    expect(fieldsOf({ ...valid, deviceType: 'tv', brand: 'LG', storage: 'N/A', ram: '4GB' })).toEqual({
      ram: SELL_MESSAGES.ramInvalid,
    });
  });
});

describe('masks and refusals', () => {
  it('masks email and phone as the track page shows them', () => {
    expect(maskEmail('lindiwe@example.com')).toBe('l***@example.com');
    expect(maskPhone('+27 82 555 0199')).toBe('***0199');
  });

  it('says the status and where the move is allowed from', () => {
    expect(moveRefusal('offer', 'Offer Made')).toBe(
      'This trade-in is Offer Made; an offer can only be made from Assigned to Agent, Device Assessed or Awaiting Offer',
    );
  });
});

describe('payoutAccountSchema', () => {
  const issuesOf = (input: unknown) => {
    const result = payoutAccountSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('names every mistake at once, the account number with the others', () => {
    expect(
      Object.keys(issuesOf({ accountHolder: '', bankName: '', accountNumber: '12ab', branchCode: '' })).sort(),
    ).toEqual(['accountHolder', 'accountNumber', 'bankName', 'branchCode']);
    expect(issuesOf({ accountHolder: '', accountNumber: '' }).accountNumber).toBe('Account number is required');
  });

  it('needs no number for the saved account, and survives a body that is not an object', () => {
    expect(issuesOf({ accountHolder: '', useSavedAccount: true }).accountNumber).toBeUndefined();
    expect(Object.keys(issuesOf(null))).toEqual(['']);
  });
});
