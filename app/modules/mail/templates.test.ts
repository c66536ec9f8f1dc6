import { describe, expect, test } from 'vitest'
import { renderMail } from './templates.server.ts'
import { type MailTemplateData, type MailTemplateName, mailTemplateNames } from './types.ts'
import { safeUrl, singleLine } from './utils/html.ts'
import { extractFirstLink } from './utils/links.ts'

const evil = '<script>alert("x")</script>'
const url = 'https://shop.test/auth?token=abc&next=%2Forders'

const samples: { [K in MailTemplateName]: { data: MailTemplateData[K]; subject: string; link?: string } } = {
  'verify-email': { data: { name: evil, url }, subject: 'Confirm your email address', link: url },
  'reset-password': { data: { name: evil, url }, subject: 'Reset your password', link: url },
  invitation: { data: { url, invitedBy: evil }, subject: 'You are invited to LayerWorks 3D', link: url },
  'order-confirmation': {
    data: {
      orderNumber: 'a1b2c3d4',
      lines: [
        { title: evil, quantity: 2, totalCents: 2500 },
        { title: 'Phone stand', quantity: 1, totalCents: 1250 },
      ],
      subtotalCents: 3750,
      discountCents: 375,
      shippingCents: 500,
      totalCents: 3875,
      invoiceUrl: 'https://shop.test/accounting/invoices/a1b2c3d4',
    },
    subject: 'Order a1b2c3d4 confirmed',
    link: 'https://shop.test/accounting/invoices/a1b2c3d4',
  },
  'order-shipped': {
    data: {
      orderNumber: '#1001',
      carrier: evil,
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.test/1Z999',
      shippingAddress: ['Ada Lovelace', evil, 'Austin, TX 78701', 'United States'],
      orderUrl: 'https://shop.test/account/orders/1',
    },
    subject: 'Order #1001 has shipped',
    link: 'https://track.test/1Z999',
  },
  'order-cancelled': {
    data: { orderNumber: '#1001', refundedCents: 2625, orderUrl: 'https://shop.test/account/orders/1' },
    subject: 'Order #1001 cancelled',
  },
  'order-refunded': {
    data: {
      orderNumber: '#1001',
      amountCents: 500,
      totalRefundedCents: 500,
      fullyRefunded: false,
      reason: evil,
      orderUrl: 'https://shop.test/account/orders/1',
    },
    subject: 'Refund of $5.00 for order #1001',
  },
  'new-order': {
    data: { orderNumber: 'a1b2c3d4', customerEmail: evil, totalCents: 3875, adminUrl: 'https://shop.test/admin/o' },
    subject: 'New order a1b2c3d4',
    link: 'https://shop.test/admin/o',
  },
  invoice: {
    data: { invoiceNumber: 'f00dbabe', totalCents: 12000, dueDate: '2025-07-31', url: 'https://shop.test/i/f00dbabe' },
    subject: 'Invoice f00dbabe',
    link: 'https://shop.test/i/f00dbabe',
  },
  'payment-receipt': {
    data: {
      invoiceNumber: 'f00dbabe',
      totalCents: 12000,
      paidAt: new Date('2025-07-02T10:00:00Z'),
      reference: evil,
      url: 'https://shop.test/i/f00dbabe',
    },
    subject: 'Payment received for invoice f00dbabe',
    link: 'https://shop.test/i/f00dbabe',
  },
  'payment-flagged': {
    data: {
      invoiceNumber: 'f00dbabe',
      amountCents: 30000,
      reason: evil,
      testPayment: false,
      adminUrl: 'https://shop.test/admin/invoices?flagged=1',
    },
    subject: 'Payment does not match invoice f00dbabe',
    link: 'https://shop.test/admin/invoices?flagged=1',
  },
  'quote-requested': {
    data: {
      quoteNumber: 'c0ffee00',
      customerEmail: evil,
      totalCents: 7497,
      expiresAt: '2025-07-15',
      adminUrl: 'https://shop.test/admin/quotes?filter=requested',
    },
    subject: 'Quote c0ffee00 to accept',
    link: 'https://shop.test/admin/quotes?filter=requested',
  },
  'contact-message': {
    data: { name: evil, email: 'ada@example.com', subject: 'Quote', message: `Hello\n${evil}`, urgencyLabel: 'High' },
    subject: 'New message: Quote',
  },
  'contact-reply': {
    data: {
      name: evil,
      subject: 'Quote',
      reply: `Thanks!\n\nWe can print it in PETG.\n${evil}`,
      message: 'Can you print a gear?',
      sentAt: new Date('2025-07-02T10:00:00Z'),
    },
    subject: 'Re: Quote',
  },
  'low-stock': {
    data: {
      products: [
        { title: evil, sku: 'EV-1', stockQuantity: 0, lowStockThreshold: 3 },
        { title: 'Phone stand', sku: null, stockQuantity: 2, lowStockThreshold: 5 },
      ],
      adminUrl: 'https://shop.test/admin/products?filter=low-stock',
    },
    subject: 'Low stock: 2 products are running out',
    link: 'https://shop.test/admin/products?filter=low-stock',
  },
}

describe('renderMail', () => {
  test.each(mailTemplateNames)('%s has a subject, an HTML and a text version', async (name) => {
    const sample = samples[name]
    const mail = await renderMail(name, sample.data as never)
    expect(mail.subject).toBe(sample.subject)
    expect(mail.html).toMatch(/^<!DOCTYPE html/)
    expect(mail.html).toContain('LayerWorks 3D')
    expect(mail.html).toContain('name="viewport"')
    expect(mail.html).not.toMatch(/<(link|script|img)\b/i)
    expect(mail.text).toContain('LayerWorks 3D')
    // The text version is plain: no markup of the layout (user input stays as typed).
    expect(mail.text).not.toMatch(/<\/?(p|a|div|table|tr|td|h1|br)\b/i)
  })

  test.each(mailTemplateNames)('%s escapes every interpolated value in the HTML', async (name) => {
    const mail = await renderMail(name, samples[name].data as never)
    expect(mail.html).not.toContain('<script>')
    // The invoice and cancellation e-mails carry no text typed by anyone.
    if (name !== 'invoice' && name !== 'order-cancelled')
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
  })

  test.each(mailTemplateNames.filter((name) => samples[name].link))('%s links in both versions', async (name) => {
    const sample = samples[name]
    const mail = await renderMail(name, sample.data as never)
    const link = sample.link as string
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    expect(mail.text).toContain(link)
    expect(extractFirstLink(mail.text)).toBe(link)
  })

  test('the order confirmation lists lines and totals in dollars', async () => {
    const { html, text } = await renderMail('order-confirmation', samples['order-confirmation'].data)
    for (const expected of ['Phone stand × 1', '$12.50', 'Subtotal: $37.50', 'Discount: -$3.75', 'Total: $38.75']) {
      expect(text).toContain(expected)
    }
    expect(html).toContain('$38.75')
    const free = (
      await renderMail('order-confirmation', {
        ...samples['order-confirmation'].data,
        discountCents: 0,
        shippingCents: 0,
      })
    ).text
    expect(free).toContain('Shipping: Free')
    expect(free).not.toContain('Discount')
  })

  test('the order confirmation carries the address and what happens next', async () => {
    const { text, html } = await renderMail('order-confirmation', {
      ...samples['order-confirmation'].data,
      shippingAddress: ['Ada Lovelace', '1 Printer Way', 'Austin, TX 78701', 'United States'],
      nextSteps: 'We print your order in 3-5 business days.',
      orderUrl: 'https://shop.test/account/orders/1',
    })
    expect(text).toContain('Ships to:\nAda Lovelace\n1 Printer Way\nAustin, TX 78701\nUnited States')
    expect(html).toMatch(/Ada Lovelace(<\/span>)?<span><br\/?>1 Printer Way/)
    expect(text).toContain('What happens next: We print your order in 3-5 business days.')
    expect(text).toContain('https://shop.test/account/orders/1')
  })

  test('the shipped, cancelled and refunded e-mails say what happened and what was refunded', async () => {
    const shipped = (await renderMail('order-shipped', samples['order-shipped'].data)).text
    expect(shipped).toContain('Tracking number: 1Z999')
    expect(shipped).toContain('Track your parcel:\nhttps://track.test/1Z999')
    const noLink = (await renderMail('order-shipped', { ...samples['order-shipped'].data, trackingUrl: null })).text
    expect(noLink).not.toContain('Track your parcel')
    expect((await renderMail('order-cancelled', samples['order-cancelled'].data)).text).toContain(
      'We refunded $26.25 to your original payment method.',
    )
    expect(
      (await renderMail('order-cancelled', { ...samples['order-cancelled'].data, refundedCents: 0 })).text,
    ).toContain('No payment was refunded with this cancellation.')
    const refunded = (await renderMail('order-refunded', samples['order-refunded'].data)).text
    expect(refunded).toContain('We refunded part of your order #1001.')
    expect(refunded).toContain('This refund: $5.00')
    expect(
      (await renderMail('order-refunded', { ...samples['order-refunded'].data, fullyRefunded: true })).text,
    ).toContain('We refunded your order #1001 in full.')
  })

  test('a test payment says so in the subject and the body, for the customer and the shop', async () => {
    const confirmation = await renderMail('order-confirmation', {
      ...samples['order-confirmation'].data,
      testPayment: true,
    })
    expect(confirmation.subject).toBe('[TEST PAYMENT] Order a1b2c3d4 confirmed')
    expect(confirmation.text).toContain('No money was taken and nothing will be shipped.')
    const notice = await renderMail('new-order', { ...samples['new-order'].data, testPayment: true })
    expect(notice.subject).toBe('[TEST PAYMENT] New order a1b2c3d4')
    expect(notice.text).toContain('no money was taken. Do not ship this order.')
    expect(notice.html).toContain('Do not ship this order.')
    const receipt = await renderMail('payment-receipt', { ...samples['payment-receipt'].data, testPayment: true })
    expect(receipt.subject).toBe('[TEST PAYMENT] Payment received for invoice f00dbabe')
    // A real payment says nothing of the kind.
    expect((await renderMail('new-order', samples['new-order'].data)).text).not.toContain('TEST PAYMENT')
  })

  test('dates are written out', async () => {
    expect((await renderMail('invoice', samples.invoice.data)).text).toContain('Due date: July 31, 2025')
    expect((await renderMail('payment-receipt', samples['payment-receipt'].data)).text).toContain(
      'Paid on: July 2, 2025',
    )
  })

  test('a contact message keeps the text, quotes it and says where replies go', async () => {
    const { html, text } = await renderMail('contact-message', samples['contact-message'].data)
    expect(text).toContain(`> Hello\n> ${evil}`)
    expect(text).toContain('your reply goes to ada@example.com')
    expect(html).toContain('your reply goes to ada@example.com')
    expect(text).toContain('Urgency: High')
  })

  test('a contact message names its files and links to the inbox, without attaching anything', async () => {
    const { text, html } = await renderMail('contact-message', {
      ...samples['contact-message'].data,
      files: ['gear.png', 'drawing.pdf'],
      adminUrl: 'https://shop.test/admin/messages/1',
    })
    expect(text).toContain('Files sent with it (open the message to download them): gear.png, drawing.pdf')
    expect(text).toContain('Open the message:\nhttps://shop.test/admin/messages/1')
    expect(html).toContain('gear.png, drawing.pdf')
    // Without files the mail says nothing of them.
    expect((await renderMail('contact-message', samples['contact-message'].data)).text).not.toContain('Files')
  })

  test('a reply to a contact message keeps its line breaks and quotes the message', async () => {
    const { subject, text, html } = await renderMail('contact-reply', samples['contact-reply'].data)
    expect(subject).toBe('Re: Quote')
    expect(text).toContain('Thanks!\n\nWe can print it in PETG.')
    expect(text).toContain('Your message of July 2, 2025:\n\n> Can you print a gear?')
    expect(html).toContain('white-space:pre-wrap')
  })

  test('a subject from user input stays on one line', async () => {
    const { subject } = await renderMail('contact-message', {
      ...samples['contact-message'].data,
      subject: 'Hi\r\nBcc: victim@example.com',
    })
    expect(subject).toBe('New message: Hi Bcc: victim@example.com')
  })

  test('only http(s) and mailto links become links', async () => {
    const { html } = await renderMail('verify-email', { name: 'Ada', url: 'javascript:alert(1)' })
    expect(html).not.toContain('href="javascript:')
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c')
    expect(safeUrl(' https://shop.test/a?b=1&c=2 ')).toBe('https://shop.test/a?b=1&c=2')
  })

  test('an unknown template is refused', async () => {
    await expect(renderMail('toString' as never, {} as never)).rejects.toThrow('Unknown mail template')
  })
})

describe('helpers', () => {
  test('extractFirstLink finds the first link without trailing punctuation', async () => {
    expect(extractFirstLink('Go to https://a.test/x?y=1. Or http://b.test')).toBe('https://a.test/x?y=1')
    expect(extractFirstLink('(see https://a.test/p)')).toBe('https://a.test/p')
    expect(extractFirstLink('no link here')).toBeNull()
  })

  test('singleLine squeezes whitespace and shortens', async () => {
    expect(singleLine(' a \n\t b ')).toBe('a b')
    expect(singleLine('x'.repeat(300), 10)).toHaveLength(10)
  })
})
