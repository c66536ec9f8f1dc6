import PDFDocument from 'pdfkit'
import { formatMoney } from '#app/rules/money.ts'

/** Everything printed on an invoice's PDF, gathered by the invoice-document workflow. */
export type InvoiceDocument = {
  number: string
  issuedAt: Date
  dueDate: string | null
  /** 'Paid on July 2, 2025', 'Unpaid', 'Test payment (no money taken)', 'Quote' … */
  paymentLine: string
  issuer: { legalName: string; address: string; email: string; taxId: string }
  billedTo: { name: string | null; email: string | null; addressLines: string[] }
  orderNumber: number | null
  items: { description: string; quantity: number; unitPriceCents: number }[]
  totalCents: number
  refundedCents: number
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const MARGIN = 50
const INK = '#18181b'
const MUTED = '#71717a'

/**
 * Writes an invoice as a one-document PDF (A4, the standard Helvetica fonts, so nothing is
 * downloaded or embedded): the shop, the customer, the items, subtotal, taxes ($0.00, the
 * specification's rule), total and how it was paid. Long item lists continue on new pages.
 * @example const bytes = await renderInvoicePdf(document) // Buffer starting with %PDF-
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: invoice.issuer.legalName || 'LayerWorks 3D' },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const width = doc.page.width - MARGIN * 2

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(`Invoice ${invoice.number}`)
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(MUTED)
  doc.text(`Date: ${dateFormat.format(invoice.issuedAt)}`)
  if (invoice.dueDate) doc.text(`Due: ${dateFormat.format(new Date(invoice.dueDate))}`)
  if (invoice.orderNumber !== null) doc.text(`Order: #${invoice.orderNumber}`)
  doc.text(`Payment: ${invoice.paymentLine}`)

  // From and Billed To, side by side.
  const top = doc.y + 18
  const column = width / 2 - 10
  block(doc, 'FROM', MARGIN, top, column, [
    invoice.issuer.legalName || 'LayerWorks 3D',
    ...invoice.issuer.address.split(/\r?\n/),
    invoice.issuer.email,
    invoice.issuer.taxId ? `Tax ID: ${invoice.issuer.taxId}` : '',
  ])
  const leftEnd = doc.y
  block(doc, 'BILLED TO', MARGIN + width / 2 + 10, top, column, [
    invoice.billedTo.name ?? '',
    invoice.billedTo.email ?? '',
    ...invoice.billedTo.addressLines,
  ])
  doc.y = Math.max(leftEnd, doc.y) + 24

  // Items.
  const columns = [
    { label: 'Description', x: MARGIN, width: width * 0.52, align: 'left' as const },
    { label: 'Quantity', x: MARGIN + width * 0.52, width: width * 0.14, align: 'right' as const },
    { label: 'Unit Price', x: MARGIN + width * 0.66, width: width * 0.17, align: 'right' as const },
    { label: 'Total', x: MARGIN + width * 0.83, width: width * 0.17, align: 'right' as const },
  ]
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage()
    const y = doc.y
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK)
    let bottom = y
    cells.forEach((cell, index) => {
      const spec = columns[index]
      if (!spec) return
      doc.text(cell, spec.x, y, { width: spec.width - 6, align: spec.align })
      bottom = Math.max(bottom, doc.y)
    })
    doc.y = bottom + 6
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + width, doc.y - 3)
      .strokeColor('#e4e4e7')
      .lineWidth(0.5)
      .stroke()
  }
  row(
    columns.map((one) => one.label),
    true,
  )
  for (const item of invoice.items) {
    row([
      item.description,
      String(item.quantity),
      formatMoney(item.unitPriceCents),
      formatMoney(item.unitPriceCents * item.quantity),
    ])
  }

  // Totals, right-aligned.
  const subtotal = invoice.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0)
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatMoney(subtotal), false],
    ['Taxes', formatMoney(0), false],
    ['Total', formatMoney(invoice.totalCents), true],
  ]
  if (invoice.refundedCents > 0) totals.push(['Refunded', `-${formatMoney(invoice.refundedCents)}`, false])
  doc.moveDown(0.5)
  for (const [label, value, bold] of totals) {
    const y = doc.y
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK)
    doc.text(label, MARGIN + width * 0.6, y, { width: width * 0.2 })
    doc.text(value, MARGIN + width * 0.8, y, { width: width * 0.2, align: 'right' })
    doc.moveDown(0.3)
  }

  doc.end()
  return done
}

function block(doc: PDFKit.PDFDocument, title: string, x: number, y: number, width: number, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(title, x, y, { width })
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(INK)
  for (const line of lines.filter((one) => one.trim())) doc.text(line, x, doc.y, { width })
}
