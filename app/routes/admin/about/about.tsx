import { ActionNotice } from '#app/components/action-notice.tsx'
import { retrieveAboutForm } from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { readContentForm } from '../+shared/content-form-reader.server.ts'
import type { Route } from './+types/about.ts'
import { ABOUT_FILE_FIELDS, saveAbout } from './about-actions.server.ts'
import { AboutForm } from './about-form.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { hero, story, mission } = await retrieveAboutForm()
  return {
    values: {
      heroTitle: hero.title,
      heroSubtitle: hero.subtitle,
      heroImage: hero.image,
      storyTitle: story.title,
      storyContent: story.content,
      storyImage: story.image,
      missionTitle: mission.title,
      missionContent: mission.content,
      missionImage: mission.image,
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const read = await readContentForm(request, ABOUT_FILE_FIELDS)
  if (!read.ok) return refused(null, read.message, read.status)
  if (read.form.get('intent') === 'save') return saveAbout(read.form, actor)
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Manage About Page')

export default function AdminAbout({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData && !actionData.ok && actionData.values ? actionData.values : loaderData.values
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Manage About Page</h1>
      <p className="mt-2 text-muted-foreground">
        The hero, story and mission of the about page. The value cards below them are fixed.
      </p>
      <ActionNotice result={actionData} />
      <div className="mt-8">
        <AboutForm
          key={JSON.stringify(values)}
          values={values}
          fieldErrors={actionData && !actionData.ok ? actionData.fieldErrors : undefined}
        />
      </div>
    </div>
  )
}
