/**
 * Reads a Server-Sent Events response as it arrives: `readUntil` waits for a piece of text (an
 * event as the server writes it), failing with what came so far when the stream ends first.
 * @example
 * const stream = eventStreamOf(response)
 * await stream.readUntil('event: invoice\ndata: {"status":"paid"}\n\n')
 */
export function eventStreamOf(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    reader,
    async readUntil(needle: string) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`stream ended before ${needle}: ${text}`)
        text += decoder.decode(value)
      }
    },
  }
}
