// Types of ensure-chromium.mjs, for playwright.config.ts.
export declare const CHROMIUM_PATH: string;
export declare const HEADLESS_SHELL_PATH: string;
export declare function chromiumArgs(toolDisabledFeatures?: string[]): string[];
export declare const CHROMIUM_ARGS: string[];
export declare function ensureChromium(): boolean;
export declare function ensureHeadlessShell(): boolean;
