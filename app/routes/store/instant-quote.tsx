import { Link } from 'react-router'
import { fieldErrorsOf } from '#app/components/forms/field.tsx'
import { RESTORE_MODEL_PARAM, restoredOptionsOf } from '#app/modules/instant-quote/quote-choices.ts'
import type { QuoteModelView } from '#app/modules/instant-quote/types.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readQuoteModelOwners } from '#app/wiring/quote-model-owners.server.ts'
import { restoreQuoteModel } from '#app/workflows/instant-quote/restore-quote-model.server.ts'
import { AddToCartAction, AskShopForm, SaveQuoteAction } from './+shared/instant-quote-actions.tsx'
import { QuoteOptionsCard } from './+shared/instant-quote-options-card.tsx'
import { PriceCard } from './+shared/instant-quote-price-card.tsx'
import { useInstantQuote } from './+shared/instant-quote-state.ts'
import { QuoteUploadCard } from './+shared/instant-quote-upload-card.tsx'
import { QuoteViewerPanel } from './+shared/instant-quote-viewer-panel.tsx'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/instant-quote.ts'

export function meta() {
  return pageMeta({
    title: 'Instant 3D-Print Quote · LayerWorks 3D',
    description:
      'Upload an STL, 3MF or OBJ model, see it in 3D and get a price for printing it in PLA, ASA, PETG or TPU in seconds.',
  })
}

export async function loader({ request }: Route.LoaderArgs) {
  const [{ settings, materials }, { viewer, owners }] = await Promise.all([
    getPrintQuoteSettings(),
    readQuoteModelOwners(request),
  ])
  return {
    contact: viewer ? { name: viewer.name, email: viewer.email } : null,
    materials: materials
      .filter((material) => material.enabled && material.colours.length > 0)
      .map(({ id, name, colours }) => ({ id, name, colours })),
    buildVolume: { x: settings.buildXMm, y: settings.buildYMm, z: settings.buildZMm },
    fileLimitMb: settings.fileSizeLimitMb,
    // Back from the log-in of 'Log in to save a quote': the model and options the address names.
    restored: await restoreQuoteModel(new URL(request.url).searchParams, owners),
  }
}

/**
 * In the browser (back from the log-in of 'Log in to save a quote'), the model the address names is
 * asked for under /instant-quote/: the guest cookie's path covers that, not this page's own data
 * request (`/instant-quote.data`), so the server's loader knows only a customer's own models here.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams
  const id = search.get(RESTORE_MODEL_PARAM)
  const [page, asked] = await Promise.all([
    serverLoader(),
    id ? fetch(`/instant-quote/models/${encodeURIComponent(id)}`).catch(() => null) : null,
  ])
  if (page.restored || !asked?.ok) return page
  const answer = (await asked.json().catch(() => null)) as { ok: true; model: QuoteModelView } | null
  return answer?.ok ? { ...page, restored: { model: answer.model, options: restoredOptionsOf(search) } } : page
}

export default function InstantQuote({ loaderData }: Route.ComponentProps) {
  const { materials, buildVolume, fileLimitMb, contact, restored } = loaderData
  const quote = useInstantQuote(materials, restored)
  const { model, chosen, answer, options, priced, warnings } = quote

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <PageHeader
        title="Instant 3D-Print Quote"
        lead="Upload your model, see it in 3D, choose a material and get a price in seconds."
      />

      <QuoteUploadCard
        fileLimitMb={fileLimitMb}
        buildVolume={buildVolume}
        uploading={quote.uploading}
        error={answer && !answer.ok ? answer.message : undefined}
        hasModel={model !== null}
        onChoose={quote.chooseFile}
      />

      {model ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <QuoteViewerPanel
            modelId={model.id}
            fileName={model.fileName}
            file={chosen}
            format={model.measures.format}
            colourHex={quote.colourHex}
            size={quote.size}
            warnings={warnings}
            shownUnit={quote.shownUnit}
            onUnitChange={quote.setShownUnit}
          />

          <section aria-labelledby="quote-options-heading" className="space-y-6">
            <QuoteOptionsCard
              materials={materials}
              material={quote.material}
              options={options}
              errors={fieldErrorsOf(priced)}
              onMaterial={quote.chooseMaterial}
              onOption={quote.setOption}
            />
            <PriceCard answer={priced} busy={quote.pricingBusy} />
            <AddToCartAction
              selection={{ modelId: model.id, ...options }}
              priced={Boolean(priced?.ok && priced.price) && !quote.pricingBusy}
            />
            <SaveQuoteAction
              selection={{ modelId: model.id, ...options }}
              signedIn={contact !== null}
              priced={Boolean(priced?.ok && priced.price) && !quote.pricingBusy}
            />
            <AskShopForm
              selection={{ modelId: model.id, ...options }}
              contact={contact}
              flagged={warnings.length > 0 || Boolean(priced?.ok && !priced.price)}
            />
          </section>
        </div>
      ) : null}

      <p className="text-center text-muted-foreground text-sm">
        Need design help, scanning or something we cannot print?{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Contact us
        </Link>
        .
      </p>
    </div>
  )
}
