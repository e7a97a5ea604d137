import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_WAIT_CAP_MS, bootScript } from './boot-script';
import { READY_MARK } from './hydration';

type Listener = (event?: unknown) => void;

/** An element of the fake page: its properties, and load/error listeners the test fires. */
function element(props: Record<string, unknown> = {}) {
  const listeners = new Map<string, Listener[]>();
  return {
    ...props,
    addEventListener(name: string, listener: Listener, options?: { once?: boolean }) {
      const wrapped: Listener = options?.once
        ? (event) => {
            this.removeEventListener(name, wrapped);
            listener(event);
          }
        : listener;
      listeners.set(name, [...(listeners.get(name) ?? []), wrapped]);
    },
    removeEventListener: (name: string, listener: Listener) =>
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((each) => each !== listener),
      ),
    fire: (name: string, event?: unknown) => listeners.get(name)?.forEach((listener) => listener(event)),
  };
}

/** A button of the fake page: `closest('button')` finds itself; `click()` counts the presses that got through. */
class FakeButton {
  isConnected = true;
  clicks = 0;
  closest(selector: string) {
    return selector === 'button' ? this : null;
  }
  click() {
    this.clicks += 1;
  }
}

/** A text box of the fake page, its `value` watched as React watches it: an own property over the prototype's. */
class FakeField {
  text = '';
  get value() {
    return this.text;
  }
  set value(text: string) {
    this.text = text;
  }
  isConnected = true;
  watched = '';
  /** The values the app heard of: an input event whose text differs from the watched one. */
  heard: string[] = [];
  constructor() {
    Object.defineProperty(this, 'value', {
      get: () => this.text,
      set: (text: string) => {
        this.watched = text;
        this.text = text;
      },
    });
  }
  closest() {
    return null;
  }
  dispatchEvent(event: Event) {
    if (event.type === 'input' && this.text !== this.watched) this.heard.push((this.watched = this.text));
  }
}

/**
 * Runs the boot script against a fake document; `appended` is what it put in <head>, in order; `press`
 * clicks a button as the browser would (the capture listeners first); `mark` is a performance mark set.
 */
function runBoot({ hidden = false, sheetLoaded = false, imageComplete = false } = {}) {
  const stylesheet = element({ sheet: sheetLoaded ? {} : null });
  const image = element({ complete: imageComplete });
  const appended: Record<string, unknown>[] = [];
  const frames: Listener[] = [];
  const observers: { callback: Listener; connected: boolean }[] = [];
  class FakeObserver {
    private entry: { callback: Listener; connected: boolean };
    constructor(callback: (list: unknown, observer: FakeObserver) => void) {
      this.entry = { callback: (list) => callback(list, this), connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const document = Object.assign(element(), {
    hidden,
    head: { append: (node: Record<string, unknown>) => appended.push(node) },
    createElement: () => ({}),
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? image : null),
    querySelectorAll: (selector: string) => (selector === 'link[rel="stylesheet"]' ? [stylesheet] : []),
  });
  const code = bootScript({ entry: '/assets/index-abc.js', preload: ['/assets/home-page-def.js'] });
  new Function('document', 'requestAnimationFrame', 'PerformanceObserver', 'Element', code)(
    document,
    (frame: Listener) => frames.push(frame),
    FakeObserver,
    Object,
  );
  return {
    appended,
    stylesheet,
    image,
    paintFrame: () => frames.splice(0).forEach((frame) => frame()),
    press(button: FakeButton) {
      let held = false;
      document.fire('click', { target: button, preventDefault: () => (held = true), stopImmediatePropagation() {} });
      if (!held) button.click();
    },
    /** The shopper types into `field` before the app watches it (the app hears nothing). */
    type(field: FakeField, text: string) {
      field.text = text;
      document.fire('input', { target: field });
    },
    mark(name: string) {
      const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      observers.filter((observer) => observer.connected).forEach((observer) => observer.callback(list));
    },
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('bootScript', () => {
  it('starts the code once the stylesheet and the priority image are in and a frame is painted', async () => {
    const page = runBoot();
    await settle();
    expect(page.appended).toEqual([]);

    page.stylesheet.fire('load');
    page.image.fire('load');
    await settle();
    expect(page.appended).toEqual([]);

    page.paintFrame();
    await settle();
    expect(page.appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/home-page-def.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index-abc.js' },
    ]);
  });

  it('takes an image that failed as arrived', async () => {
    const page = runBoot({ sheetLoaded: true });
    page.image.fire('error');
    await settle();
    page.paintFrame();
    await settle();
    expect(page.appended).toHaveLength(2);
  });

  it('starts without waiting for frames in a hidden tab', async () => {
    const page = runBoot({ hidden: true, sheetLoaded: true, imageComplete: true });
    await settle();
    expect(page.appended).toHaveLength(2);
  });

  it('starts anyway when the image never arrives', async () => {
    const page = runBoot({ sheetLoaded: true });
    await vi.advanceTimersByTimeAsync(BOOT_WAIT_CAP_MS - 1);
    expect(page.appended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.appended).toHaveLength(2);
  });

  it('holds the buttons pressed before the app is live and presses them again, in order, once it is', () => {
    const page = runBoot();
    const [first, second] = [new FakeButton(), new FakeButton()];
    page.press(first);
    page.press(second);
    page.press(first);
    page.mark('some other mark');
    expect([first.clicks, second.clicks]).toEqual([0, 0]);

    page.mark(READY_MARK);
    expect([first.clicks, second.clicks]).toEqual([2, 1]);
    // Live: a press goes straight through, and nothing is pressed twice.
    page.press(second);
    page.mark(READY_MARK);
    expect([first.clicks, second.clicks]).toEqual([2, 2]);
  });

  it('types again, once the app is live, the text typed before, so that the app hears it', () => {
    const page = runBoot();
    const [search, gone] = [new FakeField(), new FakeField()];
    page.type(search, 'iph');
    page.type(search, 'iphone');
    page.type(gone, 'x');
    gone.isConnected = false;
    // Hydration: the app starts watching the box with what it holds.
    search.watched = 'iphone';

    page.mark(READY_MARK);
    expect(search.heard).toEqual(['iphone']);
    expect(search.value).toBe('iphone');
    expect(gone.heard).toEqual([]);
    // Live: nothing is typed again.
    page.type(search, 'ipad');
    page.mark(READY_MARK);
    expect(search.heard).toEqual(['iphone']);
  });

  it('keeps a URL from closing the script element', () => {
    const code = bootScript({ entry: '/assets/</script>.js', preload: [] });
    expect(code).not.toContain('</script>');
  });
});
