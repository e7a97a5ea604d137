// Playwright drives Debian's Chromium (/usr/bin/chromium); install it when missing and we are root.
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './lib.mjs';

export function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (ensureDebianPackage('chromium', () => existsSync(bin))) return true;
  console.error(`Chromium is missing at ${bin}: install Debian's chromium package (apt-get install chromium).`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
