import { idSigner } from '#app/utils/signed-ids.server.ts'

// The guest cookie is sent only under /instant-quote (decision 037), never to the cart's pricing
// or the checkout. So Add to Cart, answered under that path to the model's owner, gives the line a
// token of the model's id, and the cart and the checkout accept the model with it (decision 039).
const cartTokens = idSigner('quote model cart tokens v1', 'quote-model')

/** The token a cart line keeps to show it was added by the model's owner. */
export const quoteModelCartToken = (modelId: string): string => cartTokens.sign(modelId)

/** Whether a cart line's token was issued for this model. */
export const isQuoteModelCartToken = (modelId: string, token: unknown): boolean => cartTokens.verify(modelId, token)
