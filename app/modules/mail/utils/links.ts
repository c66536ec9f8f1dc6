const linkPattern = /\bhttps?:\/\/[^\s<>"']+/i

/**
 * The first http(s) link in a plain-text message, without trailing punctuation, or null.
 * @example extractFirstLink('Open https://shop.test/verify?t=1. Thanks') // 'https://shop.test/verify?t=1'
 */
export function extractFirstLink(text: string): string | null {
  const match = linkPattern.exec(text)
  if (!match) return null
  return match[0].replace(/[.,;:!?)\]]+$/, '')
}
