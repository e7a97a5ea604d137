import type { SellFormInput } from '../../src/shared/sell-form';

/** A Device Details form that passes every rule (spec 001 section 5): a seller's iPhone 13. */
export const sellForm = (overrides: Partial<SellFormInput> = {}): SellFormInput => ({
  deviceType: 'phone',
  brand: 'Apple',
  model: 'iPhone 13',
  condition: 'good',
  storage: '128GB',
  ram: '4GB',
  color: 'Midnight',
  accessories: 'Box and charger',
  description: 'Small scratch on the back',
  customerName: 'Lindiwe Dube',
  address: '12 Long Street, Cape Town',
  contactPhone: '082 555 0199',
  contactEmail: 'lindiwe@example.com',
  isOwner: true,
  ...overrides,
});
