import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

/** Signs out: a form posted to /logout, so it works before the page's JavaScript has loaded. */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <Button type="submit" variant="outline" size="sm">
        Logout
      </Button>
    </Form>
  )
}
