/** True when the store takes payments through the sandbox (the server says so in the page's head): no real money moves. */
export function paymentsAreTest(): boolean {
  return document.querySelector('meta[name="quickbuy-payments"]')?.getAttribute('content') === 'sandbox';
}

export const TEST_MODE_NOTICE = 'Test mode: no real money moves';
