import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { showToast } from '#app/components/ui/toaster.tsx'

/**
 * Listens to the invoice's event stream while the page is open: each change reloads the page's
 * data and says so. EventSource reconnects by itself after a dropped connection (retry: 1000);
 * the stream's `ready` after a reconnect reloads the data once, for a change made in between.
 * Returns whether the stream is listening.
 */
export function useInvoiceLiveUpdates(invoiceId: string) {
  const { revalidate } = useRevalidator()
  const [listening, setListening] = useState(false)
  useEffect(() => {
    const source = new EventSource(`/resources/invoices/${invoiceId}/events`)
    let connections = 0
    source.addEventListener('ready', () => {
      connections += 1
      if (connections > 1) void revalidate()
      setListening(true)
    })
    source.addEventListener('error', () => setListening(false))
    source.addEventListener('invoice', (event) => {
      let status = 'updated'
      try {
        status = (JSON.parse((event as MessageEvent<string>).data) as { status: string }).status
      } catch {}
      void revalidate()
      showToast({ title: 'Invoice Updated!', description: `Status changed to ${status}` })
    })
    return () => {
      source.close()
      setListening(false)
    }
  }, [invoiceId, revalidate])
  return listening
}
