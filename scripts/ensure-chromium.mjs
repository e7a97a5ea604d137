// Playwright drives Debian's Chromium (/usr/bin/chromium); install it when missing and we are root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(bin)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${bin}: install Debian's chromium package (apt-get install chromium).`);
    return false;
  }
  console.log("Chromium is missing: installing Debian's chromium package...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return existsSync(bin);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
