import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordChangeSchema, signupSchema } from './accounts';

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the password confirmation rule', () => {
  it('says the passwords do not match while other sign-up fields are still empty', () => {
    const errors = fieldErrors(
      signupSchema.safeParse({ email: '', password: 'Signal-hill-2026', confirmPassword: 'Signal-hill-2027' }),
    );
    expect(errors.confirmPassword).toBe(PASSWORD_MESSAGES.mismatch);
    expect(errors.firstName).toBe('First name is required');
  });

  it('waits until both passwords are typed, and says nothing when they match', () => {
    expect(
      fieldErrors(signupSchema.safeParse({ password: 'Signal-hill-2026', confirmPassword: '' })).confirmPassword,
    ).toBeUndefined();
    expect(
      fieldErrors(signupSchema.safeParse({ password: 'Signal-hill-2026', confirmPassword: 'Signal-hill-2026' }))
        .confirmPassword,
    ).toBeUndefined();
  });

  it('holds for a password change too, and for a payload that is not an object', () => {
    const errors = fieldErrors(
      passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'Signal-hill-2026', confirmPassword: 'x' }),
    );
    expect(errors.confirmPassword).toBe(PASSWORD_MESSAGES.newMismatch);
    expect(signupSchema.safeParse(null).success).toBe(false);
  });
});
