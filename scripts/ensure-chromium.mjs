// Debian's Chromium, installed when missing and we are root: the browser itself (/usr/bin/chromium) for the
// benches, which measure what a shopper's browser does, and its headless shell for the tests.
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './lib.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same Chromium (the same Blink and V8, the same version) built without the browser's own user interface:
 * Playwright's browser stories and the cluster test run in it. The full browser spent about 15% more CPU on the same
 * stories, in its window and compositor machinery that a test never looks at (docs/performance/test-suite.md).
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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

function ensure(packageName, bin) {
  if (ensureDebianPackage(packageName, () => existsSync(bin))) return true;
  console.error(
    `${packageName} is missing at ${bin}: install Debian's ${packageName} package (apt-get install ${packageName}).`,
  );
  return false;
}

export const ensureChromium = () => ensure('chromium', CHROMIUM_PATH);
export const ensureHeadlessShell = () => ensure('chromium-headless-shell', HEADLESS_SHELL_PATH);

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() && ensureHeadlessShell() ? 0 : 1);
