import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app';

describe('sandbox provider', () => {
  const t = useTestApp();

  describe('GET /payments/sandbox/inline.js', () => {
    it('serves the widget script as JavaScript with no eval', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/payments/sandbox/inline.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.body).toContain('PaystackPop');
      expect(res.body).toContain("'aria-modal': 'true'");
      expect(res.body).not.toMatch(/\beval\(|new Function/);
    });
  });
});
