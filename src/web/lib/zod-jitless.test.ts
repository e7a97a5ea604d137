import './zod-jitless';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("turns zod's eval probe off through the settings zod itself reads, before zod is loaded", () => {
    // zod skips its `new Function` probe when its config says jitless (zod/v4/core/util.js, allowsEval).
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Thandi' })).toEqual({ name: 'Thandi' });
  });
});
