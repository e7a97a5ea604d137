// Playwright drives Debian's Chromium (/usr/bin/chromium); install it when missing and we are root.
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './lib.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features Chromium 156 turns on that cost the tests and benches CPU for nothing: it loads its address bar's
 * suggestions as a web page in a renderer of its own, in every new window, headless too (about 0.8 s of CPU per
 * browser context), for a popup nothing here opens.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright 1.65 disables itself (chromiumSwitches.ts, each with its reason there). Chromium reads
 * only the last --disable-features it is given, so ours must carry them too; check this list on a Playwright upgrade.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Flags Debian's Chromium needs on these machines (no GPU, no network beyond loopback, root), for tests and
 * benches; `toolDisabledFeatures` are those the launching tool passes (Playwright's unless said).
 */
export function chromiumArgs(toolDisabledFeatures = PLAYWRIGHT_DISABLED_FEATURES) {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...new Set([...toolDisabledFeatures, ...OUR_DISABLED_FEATURES])].join(',')}`,
  ];
}

export const CHROMIUM_ARGS = chromiumArgs();

export function ensureChromium() {
  const bin = CHROMIUM_PATH;
  if (ensureDebianPackage('chromium', () => existsSync(bin))) return true;
  console.error(`Chromium is missing at ${bin}: install Debian's chromium package (apt-get install chromium).`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
