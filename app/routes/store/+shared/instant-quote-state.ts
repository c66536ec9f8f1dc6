import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import type { RestoredQuoteOptions } from '#app/modules/instant-quote/quote-choices.ts'
import type { QuoteModelView } from '#app/modules/instant-quote/types.ts'
import type { action as uploadAction } from '#app/routes/resources/quote-models.ts'
import type { action as priceAction } from '#app/routes/resources/quote-price.ts'
import type { LengthUnit } from './instant-quote-viewer-panel.tsx'

/** A material the quote page offers, with the colours it comes in. */
export type QuoteMaterial = { id: string; name: string; colours: { name: string; hex: string }[] }

/** The print options as the form holds them: text, checked by the server with each price. */
export type QuoteOptions = {
  materialId: string
  colour: string
  quality: string
  infill: string
  quantity: string
  units: string
}

/** What the price resource answered last (undefined before the first answer). */
export type PriceAnswer = ReturnType<typeof useFetcher<typeof priceAction>>['data']

const PRICE_DELAY_MS = 250

/** The options the page starts with: the defaults, or those the address brought back with a model. */
function initialOptions(materials: QuoteMaterial[], restored: RestoredQuoteOptions = {}): QuoteOptions {
  const material = materials.find((candidate) => candidate.id === restored.materialId) ?? materials[0]
  const colour = material?.colours.find((candidate) => candidate.name === restored.colour) ?? material?.colours[0]
  return {
    materialId: material?.id ?? '',
    colour: colour?.name ?? '',
    quality: restored.quality ?? 'standard',
    infill: restored.infill ?? '20',
    quantity: restored.quantity ?? '1',
    units: restored.units ?? 'mm',
  }
}

/**
 * The quote page's state: the uploaded model (or one shown again after the visitor signed in), the
 * chosen options and the live price for them.
 */
export function useInstantQuote(
  materials: QuoteMaterial[],
  restored: { model: QuoteModelView; options: RestoredQuoteOptions } | null = null,
) {
  const upload = useFetcher<typeof uploadAction>()
  const [chosen, setChosen] = useState<File | null>(null)
  const [shownUnit, setShownUnit] = useState<LengthUnit>('mm')
  const [options, setOptions] = useState<QuoteOptions>(() => initialOptions(materials, restored?.options))
  // A model the address brought back stays until another file is chosen.
  const [restoredModel, setRestoredModel] = useState(restored?.model ?? null)
  useStoredModelFile(restoredModel, setChosen)
  const uploading = upload.state !== 'idle'
  const answer = uploading ? undefined : upload.data
  const model = answer?.ok ? answer.model : uploading ? null : restoredModel
  const material = materials.find((candidate) => candidate.id === options.materialId)
  const colourHex = material?.colours.find((colour) => colour.name === options.colour)?.hex ?? '#9ca3af'
  const pricing = useLivePrice(model?.id, options)

  const setOption = (name: keyof QuoteOptions, value: string) =>
    setOptions((current) => ({ ...current, [name]: value }))
  const chooseMaterial = (id: string) => {
    const next = materials.find((candidate) => candidate.id === id)
    setOptions((current) => ({ ...current, materialId: id, colour: next?.colours[0]?.name ?? '' }))
  }

  const chooseFile = (file: File | undefined) => {
    if (!file) return
    setRestoredModel(null)
    setChosen(file)
    const form = new FormData()
    form.append('file', file)
    void upload.submit(form, { method: 'post', action: '/instant-quote/models', encType: 'multipart/form-data' })
  }

  const { priced } = pricing
  const size = priced?.ok ? priced.size : model?.measures.size
  const warnings = priced?.ok ? priced.warnings : (model?.warnings ?? [])

  return {
    chosen,
    answer,
    uploading,
    model,
    chooseFile,
    shownUnit,
    setShownUnit,
    options,
    material,
    colourHex,
    setOption,
    chooseMaterial,
    priced,
    pricingBusy: pricing.busy,
    size,
    warnings,
  }
}

/** The price follows every change of the options, asked a moment after the last one. */
function useLivePrice(modelId: string | undefined, options: QuoteOptions) {
  const pricing = useFetcher<typeof priceAction>()
  const { submit: submitPricing } = pricing
  useEffect(() => {
    if (!modelId) return
    const timer = setTimeout(() => {
      void submitPricing({ modelId, ...options }, { method: 'post', action: '/instant-quote/price' })
    }, PRICE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [modelId, options, submitPricing])

  // An answer about an earlier model is not shown for this one.
  const priced = pricing.data && (!pricing.data.ok || pricing.data.modelId === modelId) ? pricing.data : undefined
  return { priced, busy: pricing.state !== 'idle' }
}

/** The bytes of a model shown again, fetched from its owner's download for the 3D view. */
function useStoredModelFile(model: { id: string; fileName: string } | null, setFile: (file: File) => void) {
  useEffect(() => {
    if (!model) return
    let current = true
    fetch(`/instant-quote/models/${model.id}/file`)
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (current && blob) setFile(new File([blob], model.fileName))
      })
      .catch(() => {})
    return () => {
      current = false
    }
  }, [model, setFile])
}
