/**
 * The browser tests' staff (scripts/e2e-server.mjs seeds them): their passwords and the fixed
 * authenticator secrets the e2e server sets up for them, so the fixtures can compute their codes as
 * a phone would. `enrolAdmin` has no authenticator yet: the enrolment story sets one up.
 */
export const E2E_STAFF = {
  admin: { email: 'admin@quickbuy.test', password: 'Admin-pass-2026', secret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' },
  agent: {
    username: 'sarah.mitchell',
    password: 'Agent-pass-2026',
    name: 'Sarah Mitchell',
    secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
  },
  otherAgent: {
    username: 'michael.johnson',
    password: 'Agent-pass-2026',
    name: 'Michael Johnson',
    secret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA',
  },
  enrolAdmin: { email: 'new.admin@quickbuy.test', password: 'Admin-pass-2026' },
} as const;
