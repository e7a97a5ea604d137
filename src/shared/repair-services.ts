/**
 * What the store repairs, one source for the services page, the booking dialog, the server's rules,
 * the emails and the chat assistant: the services and their price table (spec 001 section 9, ZAR
 * ranges), the device types, timeframes and issue types a booking chooses from.
 */
export const REPAIR_SERVICES = [
  {
    id: 'screen-repair',
    name: 'Screen Repair',
    description: 'Cracked or unresponsive screens replaced with quality parts.',
    phonePrice: 'R350-R1,200',
    laptopPrice: 'R800-R2,500',
    duration: '2-4 hours',
    warranty: '3 months',
    icon: 'smartphone',
  },
  {
    id: 'battery-replacement',
    name: 'Battery Replacement',
    description: 'A fresh battery when yours no longer lasts the day.',
    phonePrice: 'R200-R600',
    laptopPrice: 'R500-R1,500',
    duration: '1-2 hours',
    warranty: '6 months',
    icon: 'battery',
  },
  {
    id: 'water-damage',
    name: 'Water Damage',
    description: 'Cleaning, drying and part replacement after liquid damage.',
    phonePrice: 'R400-R1,500',
    laptopPrice: 'R800-R3,000',
    duration: '1-3 days',
    warranty: '1 month',
    icon: 'droplets',
  },
  {
    id: 'charging-port',
    name: 'Charging Port',
    description: 'Loose or dead charging ports repaired or replaced.',
    phonePrice: 'R250-R450',
    laptopPrice: 'R400-R800',
    duration: '2-3 hours',
    warranty: '3 months',
    icon: 'plug',
  },
  {
    id: 'software-issues',
    name: 'Software Issues',
    description: 'Crashes, slowdowns, updates and reinstalls.',
    phonePrice: 'R150-R400',
    laptopPrice: 'R200-R600',
    duration: '2-6 hours',
    warranty: '1 month',
    icon: 'code',
  },
  {
    id: 'motherboard-repair',
    name: 'Motherboard Repair',
    description: 'Board-level diagnosis and repair.',
    phonePrice: 'R600-R2,000',
    laptopPrice: 'R1,000-R4,000',
    duration: '3-7 days',
    warranty: '3 months',
    icon: 'cpu',
  },
  {
    id: 'unlock-password',
    name: 'Unlock Password',
    description: 'Regain access to a device you own.',
    phonePrice: 'R200-R400',
    laptopPrice: 'R300-R600',
    duration: '1-2 hours',
    warranty: '1 month',
    icon: 'lock',
  },
  {
    id: 'unlock-network',
    name: 'Unlock Network',
    description: 'Use your phone on any network.',
    phonePrice: 'R150-R350',
    laptopPrice: 'N/A',
    duration: '30 mins-2 hours',
    warranty: 'permanent',
    icon: 'signal',
  },
  {
    id: 'phone-glitching',
    name: 'Phone Glitching',
    description: 'Flickering, freezing and random restarts fixed.',
    phonePrice: 'R200-R500',
    laptopPrice: 'R300-R700',
    duration: '2-4 hours',
    warranty: '2 months',
    icon: 'zap',
  },
] as const;
export type RepairServiceId = (typeof REPAIR_SERVICES)[number]['id'];
export const REPAIR_SERVICE_IDS = REPAIR_SERVICES.map((s) => s.id) as [RepairServiceId, ...RepairServiceId[]];

export const REPAIR_DEVICE_TYPES = ['phone', 'tablet', 'laptop', 'tv'] as const;

export const REPAIR_TIMEFRAMES = [
  'From 2 hours',
  '4 hours',
  '8 hours',
  '1 day',
  '2 days',
  '1 week',
  '2 weeks',
  'End of the month',
] as const;

export const REPAIR_ISSUE_TYPES = [
  'Screen Damage',
  'Battery Issues',
  'Charging Problems',
  'Water Damage',
  'Software Issues',
  'Hardware Problems',
  'Other',
] as const;

export type RepairService = (typeof REPAIR_SERVICES)[number];

export function findRepairService(id: string): RepairService | undefined {
  return REPAIR_SERVICES.find((service) => service.id === id);
}

/** The price range a booking quotes: the phone or laptop column, both for a tablet or TV (quoted on inspection). */
export function repairPriceRange(service: RepairService, deviceType: RepairDeviceType): string {
  const quoted = (range: string) => (range === 'N/A' ? 'quoted on inspection' : range);
  if (deviceType === 'phone') return quoted(service.phonePrice);
  if (deviceType === 'laptop') return quoted(service.laptopPrice);
  return `Phone ${quoted(service.phonePrice)}, laptop ${quoted(service.laptopPrice)} (quoted on inspection)`;
}

/** What the customer readies before the agent arrives (the confirmation email lists it). */
export const REPAIR_PREPARATION = [
  'Back up your data: repairs can need a reset.',
  'Remove your SIM card, memory card and any case or screen protector.',
  'Switch off Find My iPhone or your Google account lock, or have the passcode ready for the technician.',
  'Have the charger and your ID document at hand for the agent.',
] as const;

export const REPAIR_DEVICE_TYPE_LABELS: Record<RepairDeviceType, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  laptop: 'Laptop',
  tv: 'TV',
};
export type RepairDeviceType = (typeof REPAIR_DEVICE_TYPES)[number];
