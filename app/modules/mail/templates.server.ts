import { render } from '@react-email/components'
import { createElement } from 'react'
import { formatMoney } from '#app/rules/money.ts'
import {
  type Block,
  type MailContent,
  MailDocument,
  SHOP_NAME,
  type SummaryRow,
  TAGLINE,
} from './mail-document.server.tsx'
import type { MailDate, MailTemplateData, MailTemplateName, RenderedMail } from './types.ts'
import { singleLine } from './utils/html.ts'

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })
const action = (label: string, url: string): Block => ({ kind: 'action', label, url })
const summary = (rows: SummaryRow[]): Block => ({ kind: 'summary', rows })
const note = (text: string): Block => ({ kind: 'note', text })
const address = (title: string, lines: string[] | undefined): Block[] =>
  lines && lines.length > 0 ? [{ kind: 'address', title, lines }] : []

/** Demo checkout payments say so loudly, so nobody ships an order no money was taken for. */
const TEST_SUBJECT = '[TEST PAYMENT] '
const testNote = (forShop: boolean) =>
  note(
    forShop
      ? 'TEST PAYMENT: paid through the demo checkout, no money was taken. Do not ship this order.'
      : 'Test payment: this was paid through the shop’s demo checkout (test mode). No money was taken and nothing will be shipped.',
  )
const testPrefix = (testPayment: boolean | undefined) => (testPayment ? TEST_SUBJECT : '')

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hello,')

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "July 1, 2025"; a string that is not a date is shown as it is. */
function formatDate(value: MailDate): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date)
}

const templates: { [K in MailTemplateName]: (data: MailTemplateData[K]) => MailContent } = {
  'verify-email': ({ name, url }) => ({
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    preheader: `Confirm your email address to finish creating your ${SHOP_NAME} account.`,
    blocks: [
      paragraph(greeting(name)),
      paragraph(
        `Thanks for creating an account at ${SHOP_NAME}. Please confirm your email address so you can sign in, follow your orders and see your invoices.`,
      ),
      action('Confirm email address', url),
      note('If you did not create an account, you can ignore this e-mail.'),
    ],
  }),

  'reset-password': ({ name, url }) => ({
    subject: 'Reset your password',
    heading: 'Reset your password',
    preheader: `Choose a new password for your ${SHOP_NAME} account.`,
    blocks: [
      paragraph(greeting(name)),
      paragraph(`We received a request to reset the password of your ${SHOP_NAME} account.`),
      action('Choose a new password', url),
      note('If you did not ask for this, you can ignore this e-mail: your password stays the same.'),
    ],
  }),

  invitation: ({ url, invitedBy, name = '', validDays }) => ({
    subject: `You are invited to ${SHOP_NAME}`,
    heading: `You are invited to ${SHOP_NAME}`,
    preheader: `${invitedBy} invited you to ${SHOP_NAME}.`,
    blocks: [
      paragraph(greeting(name)),
      paragraph(`${invitedBy} invited you to ${SHOP_NAME}. Accept the invitation to set up your account.`),
      action('Accept invitation', url),
      note(
        `${validDays ? `The link is valid for ${validDays} days. ` : ''}If you were not expecting this invitation, you can ignore this e-mail.`,
      ),
    ],
  }),

  'order-confirmation': (data) => ({
    subject: data.paymentDue
      ? `Order ${data.orderNumber} placed: invoice due`
      : `${testPrefix(data.testPayment)}Order ${data.orderNumber} confirmed`,
    heading: `Thank you for your order ${data.orderNumber}`,
    preheader: data.paymentDue
      ? `We received your order ${data.orderNumber}. Its invoice is ready to pay.`
      : `We received your order ${data.orderNumber}.`,
    blocks: [
      ...(data.testPayment ? [testNote(false)] : []),
      paragraph(
        data.paymentDue
          ? `We received your order ${data.orderNumber}. We start on it as soon as its invoice is paid. Here is a summary:`
          : `We received your order ${data.orderNumber} and are getting it ready. Here is a summary:`,
      ),
      summary([
        ...data.lines.map((line) => ({
          label: `${line.title} × ${line.quantity}`,
          value: formatMoney(line.totalCents),
        })),
        { label: 'Subtotal', value: formatMoney(data.subtotalCents) },
        ...(data.discountCents > 0 ? [{ label: 'Discount', value: `-${formatMoney(data.discountCents)}` }] : []),
        { label: 'Shipping', value: data.shippingCents > 0 ? formatMoney(data.shippingCents) : 'Free' },
        { label: 'Total', value: formatMoney(data.totalCents), strong: true },
      ]),
      ...address('Ships to', data.shippingAddress),
      ...(data.nextSteps ? [paragraph(`What happens next: ${data.nextSteps}`)] : []),
      action(data.paymentDue ? 'Pay your invoice' : 'View your invoice', data.invoiceUrl),
      ...(data.orderUrl ? [paragraph(`Follow your order at ${data.orderUrl}`)] : []),
      note(`Questions about your order? Contact us and mention order ${data.orderNumber}.`),
    ],
  }),

  'order-shipped': (data) => ({
    subject: `Order ${data.orderNumber} has shipped`,
    heading: `Your order ${data.orderNumber} is on its way`,
    preheader: `${data.carrier} is bringing your order ${data.orderNumber}. Tracking number ${data.trackingNumber}.`,
    blocks: [
      paragraph(`Good news: your order ${data.orderNumber} left our workshop today.`),
      summary([
        { label: 'Carrier', value: data.carrier },
        { label: 'Tracking number', value: data.trackingNumber },
      ]),
      ...(data.trackingUrl ? [action('Track your parcel', data.trackingUrl)] : []),
      ...address('Ships to', data.shippingAddress),
      paragraph(`See your order at ${data.orderUrl}`),
      note(`Questions about your delivery? Reply to this e-mail and mention order ${data.orderNumber}.`),
    ],
  }),

  'order-cancelled': (data) => ({
    subject: `Order ${data.orderNumber} cancelled`,
    heading: `Your order ${data.orderNumber} was cancelled`,
    preheader:
      data.refundedCents > 0
        ? `We refunded ${formatMoney(data.refundedCents)} to your original payment method.`
        : `Your order ${data.orderNumber} will not be made or shipped.`,
    blocks: [
      paragraph(`Your order ${data.orderNumber} was cancelled and will not be made or shipped.`),
      paragraph(
        data.refundedCents > 0
          ? `We refunded ${formatMoney(data.refundedCents)} to your original payment method. Depending on your bank it shows on your statement within 5-10 business days.`
          : 'No payment was refunded with this cancellation. If you paid for this order, we will be in touch about your refund.',
      ),
      paragraph(`See your order at ${data.orderUrl}`),
      note(`Questions? Reply to this e-mail and mention order ${data.orderNumber}.`),
    ],
  }),

  'order-refunded': (data) => ({
    subject: `Refund of ${formatMoney(data.amountCents)} for order ${data.orderNumber}`,
    heading: `We refunded ${formatMoney(data.amountCents)}`,
    preheader: `A refund for your order ${data.orderNumber} is on its way to your original payment method.`,
    blocks: [
      paragraph(
        data.fullyRefunded
          ? `We refunded your order ${data.orderNumber} in full.`
          : `We refunded part of your order ${data.orderNumber}.`,
      ),
      summary([
        { label: 'This refund', value: formatMoney(data.amountCents), strong: true },
        { label: 'Refunded in all', value: formatMoney(data.totalRefundedCents) },
        ...(data.reason ? [{ label: 'Reason', value: data.reason }] : []),
      ]),
      paragraph('Depending on your bank, the refund shows on your statement within 5-10 business days.'),
      paragraph(`See your order at ${data.orderUrl}`),
      note(`Questions? Reply to this e-mail and mention order ${data.orderNumber}.`),
    ],
  }),

  'new-order': (data) => ({
    subject: `${testPrefix(data.testPayment)}New order ${data.orderNumber}`,
    heading: `New order ${data.orderNumber}`,
    preheader: `${data.customerEmail} placed an order of ${formatMoney(data.totalCents)}.`,
    blocks: [
      ...(data.testPayment ? [testNote(true)] : []),
      paragraph(
        data.paymentDue
          ? 'A customer placed an order in the shop. Its invoice is not paid yet.'
          : 'A new order was placed in the shop.',
      ),
      summary([
        { label: 'Order', value: data.orderNumber },
        { label: 'Customer', value: data.customerEmail },
        { label: 'Total', value: formatMoney(data.totalCents), strong: true },
      ]),
      action('Open the order', data.adminUrl),
    ],
  }),

  invoice: (data) => ({
    subject: `Invoice ${data.invoiceNumber}`,
    heading: `Invoice ${data.invoiceNumber}`,
    preheader: `Your invoice of ${formatMoney(data.totalCents)} is ready.`,
    blocks: [
      paragraph('Hello,'),
      paragraph(`Your invoice from ${SHOP_NAME} is ready.`),
      summary([
        { label: 'Invoice', value: data.invoiceNumber },
        { label: 'Due date', value: formatDate(data.dueDate) },
        { label: 'Amount due', value: formatMoney(data.totalCents), strong: true },
      ]),
      action('View invoice', data.url),
    ],
  }),

  'payment-receipt': (data) => ({
    subject: `${testPrefix(data.testPayment)}Payment received for invoice ${data.invoiceNumber}`,
    heading: 'Payment received',
    preheader: `We received your payment of ${formatMoney(data.totalCents)}.`,
    blocks: [
      ...(data.testPayment ? [testNote(false)] : []),
      paragraph(`Thank you! We received your payment for invoice ${data.invoiceNumber}.`),
      summary([
        { label: 'Invoice', value: data.invoiceNumber },
        { label: 'Paid on', value: formatDate(data.paidAt) },
        { label: 'Reference', value: data.reference },
        { label: 'Amount paid', value: formatMoney(data.totalCents), strong: true },
      ]),
      action('View invoice', data.url),
      note('Keep this e-mail as your receipt.'),
    ],
  }),

  'payment-flagged': (data) => ({
    subject: `${testPrefix(data.testPayment)}Payment does not match invoice ${data.invoiceNumber}`,
    heading: 'Payment does not match the invoice',
    preheader: `A payment of ${formatMoney(data.amountCents)} did not mark invoice ${data.invoiceNumber} paid.`,
    blocks: [
      ...(data.testPayment ? [testNote(true)] : []),
      paragraph(
        `A payment of ${formatMoney(data.amountCents)} arrived for invoice ${data.invoiceNumber}, but it was not applied: the invoice stays as it was until you decide.`,
      ),
      summary([
        { label: 'Invoice', value: data.invoiceNumber },
        { label: 'Amount paid', value: formatMoney(data.amountCents), strong: true },
        { label: 'Why', value: data.reason },
      ]),
      action('Open the invoices', data.adminUrl),
      note('Refund the payment through your payment provider, or mark the invoice paid by hand if you accept it.'),
    ],
  }),

  'quote-requested': (data) => ({
    subject: `Quote ${data.quoteNumber} to accept`,
    heading: `Quote ${data.quoteNumber} to accept`,
    preheader: `${data.customerEmail} asks you to accept a quote of ${formatMoney(data.totalCents)}.`,
    blocks: [
      paragraph(
        'A customer asks you to accept their quote. Accepting it makes an unpaid invoice at the quoted prices.',
      ),
      summary([
        { label: 'Quote', value: data.quoteNumber },
        { label: 'Customer', value: data.customerEmail },
        { label: 'Valid until', value: formatDate(data.expiresAt) },
        { label: 'Total', value: formatMoney(data.totalCents), strong: true },
      ]),
      action('Open the quotes', data.adminUrl),
    ],
  }),

  'contact-message': (data) => ({
    subject: `New message: ${data.subject}`,
    heading: 'New message from the contact form',
    preheader: `${data.name} wrote: ${data.subject}`,
    blocks: [
      summary([
        { label: 'From', value: data.name },
        { label: 'E-mail', value: data.email },
        { label: 'Urgency', value: data.urgencyLabel },
        { label: 'Subject', value: data.subject },
      ]),
      { kind: 'quote', text: data.message },
      // Files stay private in the shop: named here, downloaded from the back-office only.
      ...(data.files?.length
        ? [paragraph(`Files sent with it (open the message to download them): ${data.files.join(', ')}`)]
        : []),
      ...(data.adminUrl ? [action('Open the message', data.adminUrl)] : []),
      note(`Reply to this e-mail to answer ${data.name}: your reply goes to ${data.email}.`),
    ],
  }),

  'contact-reply': (data) => ({
    subject: `Re: ${data.subject}`,
    heading: `Re: ${data.subject}`,
    preheader: `${SHOP_NAME} answered your message “${data.subject}”.`,
    blocks: [
      paragraph(greeting(data.name)),
      { kind: 'letter', text: data.reply },
      paragraph(`Your message of ${formatDate(data.sentAt)}:`),
      { kind: 'quote', text: data.message },
      note(`Reply to this e-mail to write back to ${SHOP_NAME}.`),
    ],
  }),

  'low-stock': ({ products, adminUrl }) => {
    const count = products.length === 1 ? '1 product is' : `${products.length} products are`
    return {
      subject: `Low stock: ${count} running out`,
      heading: 'Products running low on stock',
      preheader: `${count} at or below the stock you asked to be told about.`,
      blocks: [
        paragraph(
          products.length === 1
            ? 'One product is at or below its low-stock alert. Restock it, or change its alert on the product.'
            : `${count} at or below their low-stock alert. Restock them, or change their alert on each product.`,
        ),
        summary(
          products.map((product) => ({
            label: product.sku ? `${product.title} (${product.sku})` : product.title,
            value: `${product.stockQuantity} left, alert at ${product.lowStockThreshold}`,
            strong: product.stockQuantity === 0,
          })),
        ),
        action('Open the low-stock products', adminUrl),
        note('You get this e-mail at most once a day, while products are low on stock.'),
      ],
    }
  },
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
    case 'letter':
    case 'note':
      return block.text
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')
    case 'action':
      return `${block.label}:\n${block.url}`
    case 'address':
      return `${block.title}:\n${block.lines.join('\n')}`
    case 'summary':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n')
  }
}

function layoutText(content: MailContent): string {
  return [SHOP_NAME, content.heading, ...content.blocks.map(blockText), `-- \n${SHOP_NAME} · ${TAGLINE}`]
    .join('\n\n')
    .concat('\n')
}

/**
 * Writes one of the shop's e-mails: its subject (one line), the HTML version built from React
 * Email components (inline styles, no external assets, every value escaped by React, links
 * limited to http(s) and mailto), and a plain-text version from the same blocks.
 * @example
 * const { subject, html, text } = await renderMail('verify-email', { name: 'Ada', url: 'https://shop.test/verify?t=1' })
 */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  data: MailTemplateData[T],
): Promise<RenderedMail> {
  if (!Object.hasOwn(templates, template)) throw new Error(`Unknown mail template: ${String(template)}`)
  const write = templates[template] as (data: MailTemplateData[T]) => MailContent
  const content = write(data)
  const subject = singleLine(content.subject, 250)
  const finished = { ...content, subject }
  const html = await render(createElement(MailDocument, { content: finished }))
  return { subject, html, text: layoutText(finished) }
}
