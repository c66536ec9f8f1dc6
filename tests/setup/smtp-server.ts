import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it: the envelope and the raw message. */
export type ReceivedMail = { mailFrom: string | null; rcptTo: string[]; raw: string }

/** A real SMTP server's running copy: its port, what it received so far, and how to stop it. */
export type TestSmtpServer = { port: number; received: ReceivedMail[]; close: () => Promise<void> }

/**
 * A real SMTP server on a free local port that keeps what it receives. It refuses a recipient
 * whose address starts with `refused@` (550), so a test can make a delivery fail.
 * @example
 * const smtp = await startSmtpServer()
 * setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`))
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused@')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
