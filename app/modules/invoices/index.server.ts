export { declareInvoicePaid } from './declared-payments.server.ts'
export {
  type DailyRevenueDto,
  dailyPaidRevenue,
  dailyPaidRevenueRows,
  type UnpaidInvoiceTotals,
  unpaidInvoiceTotals,
  unpaidInvoiceTotalsColumn,
} from './figures.server.ts'
export {
  createInvoice,
  deleteInvoice,
  type InvoiceAudit,
  type InvoiceListFilter,
  iterateInvoices,
  listAllInvoices,
  setInvoiceStatus,
  updateInvoice,
  voidInvoice,
} from './manage.server.ts'
export { INVOICE_CHANGED_CHANNEL, notifyInvoiceChanged } from './notify.server.ts'
export {
  expireOpenPaymentSessions,
  listFlaggedInvoicePayments,
  lockPayableInvoice,
  receiveInvoicePayment,
  recordPaymentSession,
  resolveFlaggedInvoicePayment,
} from './payments.server.ts'
export { type InvoiceDocument, renderInvoicePdf } from './pdf.server.ts'
export { findInvoiceOfUser } from './references.server.ts'
export {
  createPaidInvoice,
  findInvoiceOfOrder,
  findOrderIdOfInvoice,
  invoiceIdsOfOrders,
  listInvoicesOfUserPage,
  markInvoicePaid,
  recordInvoiceRefund,
  retrieveInvoice,
  retrieveInvoiceForViewer,
} from './service.server.ts'
export type {
  AdminInvoiceDto,
  CreatePaidInvoiceInput,
  DeclaredPaymentResult,
  FlaggedInvoicePaymentDto,
  InvoiceChange,
  InvoiceDetailDto,
  InvoiceInput,
  InvoiceItemDto,
  InvoiceItemInput,
  InvoicePaymentOutcome,
  InvoiceStatus,
  InvoiceSummaryDto,
  InvoiceViewer,
  OpenPaymentSession,
  PayableInvoiceDto,
  SavedInvoiceDto,
} from './types.ts'
export { keepInvoiceEmailsOfUser } from './user-records.server.ts'
