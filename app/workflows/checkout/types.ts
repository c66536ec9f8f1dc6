/** What starting a checkout answers: where to send the browser, or the toast to show. */
export type StartCheckoutResult =
  | { url: string }
  | { error: 'Cart is Empty' | 'Checkout Error' | 'Selection Required' | 'Too many requests'; message: string }
