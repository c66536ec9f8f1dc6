// How a print of the customer's own model is described wherever its line is shown (cart, order
// pages, invoice, the hosted checkout): the options it was priced with, and its measures.

export type PrintLineOptions = {
  material: string
  colour: string
  quality: string
  infillPercent: number
  units: 'mm' | 'inch'
}

export type PrintLineMeasures = {
  size: { x: number; y: number; z: number }
  volumeMm3: number
  gramsPerPart: number
  printHoursPerPart: number
}

/** 'PLA, Red, Standard (0.2 mm layers), 20% infill, drawn in inches'. */
export function printOptionsText(print: PrintLineOptions): string {
  const units = print.units === 'inch' ? ', drawn in inches' : ''
  return `${print.material}, ${print.colour}, ${print.quality}, ${print.infillPercent}% infill${units}`
}

const oneDecimal = (value: number) => String(Number(value.toFixed(1)))

/** '20 × 20 × 20 mm, 8 cm³, 4.84 g and 0.22 h a part'. */
export function printMeasuresText(print: PrintLineMeasures): string {
  const size = [print.size.x, print.size.y, print.size.z].map(oneDecimal).join(' × ')
  const volume = oneDecimal(print.volumeMm3 / 1000)
  return `${size} mm, ${volume} cm³, ${print.gramsPerPart.toFixed(2)} g and ${print.printHoursPerPart.toFixed(2)} h a part`
}
