import { createTransport } from 'nodemailer'

/** One e-mail as a transport hands it to a mail server. */
export type OutgoingMail = {
  from: string
  to: string
  subject: string
  html: string
  text: string
  replyTo?: string
  attachments?: MailAttachment[]
}

/** A file sent with an e-mail, such as an invoice's PDF. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer }

/** Delivers e-mail to a mail server; one adapter per vendor (SMTP is the only one). */
export type MailTransport = {
  send(message: OutgoingMail): Promise<{ messageId: string }>
}

/**
 * Sends through an SMTP server given by an `smtp://` (STARTTLS when offered) or `smtps://` (TLS)
 * URL, for example `smtps://user:password@smtp.example.com`. Short timeouts keep a slow mail
 * server from holding a sign-up or checkout request for minutes; URL query options win.
 * @example
 * const transport = createSmtpTransport('smtp://127.0.0.1:2525')
 * await transport.send({ from, to, subject, html, text })
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      })
      return { messageId: info.messageId }
    },
  }
}
