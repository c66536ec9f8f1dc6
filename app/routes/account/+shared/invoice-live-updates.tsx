import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { showToast } from '#app/components/ui/toaster.tsx'

/**
 * Listens to the invoice's event stream while the page is open: each change reloads the page's
 * data and says so. EventSource reconnects by itself after a dropped connection (retry: 1000).
 */
export function useInvoiceLiveUpdates(invoiceId: string) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    const source = new EventSource(`/resources/invoices/${invoiceId}/events`)
    source.addEventListener('invoice', (event) => {
      let status = 'updated'
      try {
        status = (JSON.parse((event as MessageEvent<string>).data) as { status: string }).status
      } catch {}
      void revalidate()
      showToast({ title: 'Invoice Updated!', description: `Status changed to ${status}` })
    })
    return () => source.close()
  }, [invoiceId, revalidate])
}
