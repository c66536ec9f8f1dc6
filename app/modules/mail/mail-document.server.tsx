import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components'
import type { CSSProperties } from 'react'
import { safeUrl } from './utils/html.ts'

export const SHOP_NAME = 'LayerWorks 3D'
export const TAGLINE = '3D design, 3D scanning and 3D printing'

export type SummaryRow = { label: string; value: string; strong?: boolean }

/** The pieces an e-mail is made of; each has a component below and a plain-text form. */
export type Block =
  | { kind: 'paragraph'; text: string }
  /** Text someone wrote (a reply), its line breaks kept. */
  | { kind: 'letter'; text: string }
  | { kind: 'action'; label: string; url: string }
  | { kind: 'summary'; rows: SummaryRow[] }
  | { kind: 'quote'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'address'; title: string; lines: string[] }

/** What a template writes: the words of one e-mail, apart from how it looks. */
export type MailContent = { subject: string; heading: string; preheader: string; blocks: Block[] }

// The shop's look, as inline styles (what mail clients keep): zinc greys and the shop's blue.
const color = {
  text: '#27272a',
  strong: '#18181b',
  muted: '#71717a',
  line: '#e4e4e7',
  page: '#f4f4f5',
  brand: '#2563eb',
}
const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const style = {
  body: { margin: 0, padding: '24px 12px', backgroundColor: color.page, fontFamily: font },
  card: {
    width: '100%',
    maxWidth: '600px',
    backgroundColor: '#ffffff',
    border: `1px solid ${color.line}`,
    borderRadius: '8px',
  },
  brand: {
    padding: '20px 24px',
    borderBottom: `1px solid ${color.line}`,
    fontSize: '20px',
    fontWeight: 700,
    color: color.strong,
  },
  content: { padding: '24px', fontSize: '16px', lineHeight: '1.5', color: color.text },
  heading: { margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3', color: color.strong },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '1.5' },
  letter: { margin: '0 0 16px', fontSize: '16px', lineHeight: '1.5', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  small: { margin: '0 0 16px', fontSize: '13px', lineHeight: '1.5', color: color.muted },
  note: { margin: '24px 0 0', fontSize: '13px', lineHeight: '1.5', color: color.muted },
  button: {
    display: 'inline-block',
    padding: '12px 20px',
    borderRadius: '6px',
    backgroundColor: color.brand,
    color: '#ffffff',
    fontWeight: 600,
    textDecoration: 'none',
  },
  link: { color: color.brand, wordBreak: 'break-all' },
  quote: {
    margin: '16px 0',
    padding: '12px 16px',
    borderLeft: `4px solid ${color.brand}`,
    backgroundColor: color.page,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  },
  cell: { padding: '8px 0', borderTop: `1px solid ${color.line}`, verticalAlign: 'top', fontSize: '15px' },
  footer: { margin: '16px 0 0', fontSize: '12px', lineHeight: '1.5', color: color.muted, textAlign: 'center' },
} satisfies Record<string, CSSProperties>

/** A button, and the link spelled out for clients that drop buttons; only http(s) and mailto links. */
function Action({ label, url }: { label: string; url: string }) {
  const href = safeUrl(url)
  return (
    <>
      <Section style={{ margin: '24px 0' }}>
        <Button href={href} style={style.button}>
          {label}
        </Button>
      </Section>
      <Text style={style.small}>
        If the button does not work, copy this link into your browser:
        <br />
        <Link href={href} style={style.link}>
          {url}
        </Link>
      </Text>
    </>
  )
}

/** Lines and totals: label left, amount right, the total in bold. */
function Summary({ rows }: { rows: SummaryRow[] }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {rows.map((row, index) => {
        const weight = row.strong ? { fontWeight: 700 } : {}
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one render and may repeat a label
          <Row key={index}>
            <Column style={{ ...style.cell, ...weight }}>{row.label}</Column>
            <Column
              align="right"
              style={{ ...style.cell, ...weight, paddingLeft: '16px', textAlign: 'right', whiteSpace: 'nowrap' }}
            >
              {row.value}
            </Column>
          </Row>
        )
      })}
    </Section>
  )
}

function MailBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={style.paragraph}>{block.text}</Text>
    case 'letter':
      return <Text style={style.letter}>{block.text}</Text>
    case 'note':
      return <Text style={style.note}>{block.text}</Text>
    case 'quote':
      return <Section style={style.quote}>{block.text}</Section>
    case 'action':
      return <Action label={block.label} url={block.url} />
    case 'summary':
      return <Summary rows={block.rows} />
    case 'address':
      return (
        <>
          <Text style={{ ...style.small, margin: '16px 0 4px' }}>{block.title}</Text>
          <Text style={style.paragraph}>
            {block.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: address lines are fixed and may repeat
              <span key={index}>
                {index > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Text>
        </>
      )
  }
}

/**
 * One e-mail of the shop: its name on top, the heading and the blocks in a white card, the
 * tagline below. No images, scripts or external styles, so it reads the same in every client.
 */
export function MailDocument({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preheader}</Preview>
      <Body style={style.body}>
        <Container style={style.card}>
          <Section style={style.brand}>{SHOP_NAME}</Section>
          <Section style={style.content}>
            <Heading as="h1" style={style.heading}>
              {content.heading}
            </Heading>
            {content.blocks.map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a mail's blocks are fixed for one render
              <MailBlock key={index} block={block} />
            ))}
          </Section>
        </Container>
        <Text style={style.footer}>
          {SHOP_NAME} · {TAGLINE}
        </Text>
      </Body>
    </Html>
  )
}
