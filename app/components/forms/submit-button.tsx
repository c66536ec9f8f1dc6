import type * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'

/**
 * A form's submit button: disabled and spinning while the form is posted; `icon` shows otherwise.
 * @example <SubmitButton busy={busy}>Save Invoice</SubmitButton>
 */
export function SubmitButton({
  busy,
  icon = null,
  children,
  ...button
}: Omit<React.ComponentProps<typeof Button>, 'type'> & { busy: boolean; icon?: React.ReactNode }) {
  return (
    <Button type="submit" disabled={busy} {...button}>
      {busy ? <Spinner /> : icon}
      {children}
    </Button>
  )
}
