export {
  latestMailTo,
  listOutbox,
  retrieveOutboxMessage,
  retryMail,
  type SendMailInput,
  sendMail,
  setMailTransport,
} from './service.server.ts'
export { renderMail } from './templates.server.ts'
export { createSmtpTransport, type MailAttachment, type MailTransport, type OutgoingMail } from './transport.server.ts'
export type {
  LowStockMailLine,
  MailDate,
  MailTemplateData,
  MailTemplateName,
  OrderMailLine,
  OutboxMessageDto,
  OutboxMessageSummaryDto,
  OutboxStatus,
  RenderedMail,
} from './types.ts'
export { mailTemplateNames } from './types.ts'
export { extractFirstLink } from './utils/links.ts'
