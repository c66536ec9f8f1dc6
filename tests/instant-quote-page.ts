import type { Page } from '@playwright/test'
import { boxStl } from './factories/model-files.ts'
import { expect, waitForHydration } from './playwright-utils.ts'

// The instant quote page (/instant-quote) as its browser tests use it: upload a cube, read a figure
// of its price. The files that use it draw the 3D view in software (`softwareWebGl`).

/** A figure of the price panel, by its term ('Unit price', 'Total for 10'). */
export const priceRow = (page: Page, term: string) =>
  page
    .getByTestId('quote-price')
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')

/**
 * Opens /instant-quote and uploads a `size` mm cube named `name`; done when its measures show.
 * @example await uploadCube(page, { name: `desk-${Date.now()}.stl` })
 */
export async function uploadCube(page: Page, { name = 'cube.stl', size = 20 }: { name?: string; size?: number } = {}) {
  await page.goto('/instant-quote')
  await waitForHydration(page)
  await page
    .getByLabel('3D model file')
    .setInputFiles({ name, mimeType: 'model/stl', buffer: boxStl(size, size, size) })
  await expect(page.getByTestId('model-dimensions')).toHaveText(`${size} × ${size} × ${size} mm`)
}
