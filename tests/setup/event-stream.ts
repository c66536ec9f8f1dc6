/**
 * Reads a Server-Sent Events response as it arrives: `readUntil` waits for a piece of text (an
 * event as the server writes it), failing with what came so far when the stream ends first or
 * nothing matching arrives within `timeoutMs`.
 * @example
 * const stream = eventStreamOf(response)
 * await stream.readUntil('event: invoice\ndata: {"status":"paid"}\n\n')
 * await stream.close()
 */
export function eventStreamOf(response: Response) {
  if (!response.body) throw new Error('no event stream')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    reader,
    async readUntil(needle: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (!text.includes(needle)) {
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`the stream never said ${JSON.stringify(needle)}; it said ${JSON.stringify(text)}`)
        let timer: NodeJS.Timeout | undefined
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), left)
          }),
        ]).finally(() => clearTimeout(timer))
        if (chunk?.done) throw new Error(`stream ended before ${needle}: ${text}`)
        if (chunk?.value) text += decoder.decode(chunk.value, { stream: true })
      }
    },
    close: () => reader.cancel(),
  }
}
