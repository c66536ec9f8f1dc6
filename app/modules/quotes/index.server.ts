export { QUOTE_VALID_DAYS } from './schemas.ts'
export {
  countQuotesAwaitingAnswer,
  createQuote,
  deleteQuoteOfUser,
  findQuoteOfInvoice,
  findQuoteOwner,
  listAllQuotes,
  listQuotesOfUser,
  lockQuote,
  markQuoteAccepted,
  paidQuotePrintHours,
  quotesAwaitingAnswerCount,
  type RequestQuoteResult,
  requestQuoteAcceptance,
} from './service.server.ts'
export type {
  PrintQuoteDetails,
  PrintQuoteItemInput,
  QuoteDto,
  QuoteFilter,
  QuoteItemDto,
  QuoteItemInput,
  QuoteStatus,
} from './types.ts'
