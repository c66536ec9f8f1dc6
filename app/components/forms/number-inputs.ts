/**
 * How a form asks for a number, the same in every form: a whole number from `min` (a quantity, a
 * stock count, a usage limit) gets the phone's digit pad and steps of one; an amount of dollars
 * the decimal pad and steps of a cent, never below nothing. Spread into an `InputField`.
 * @example <InputField {...field('stockQuantity', '0')} label="Stock quantity" {...wholeNumberInput(0)} />
 */
export const wholeNumberInput = (min: number) => ({ type: 'number', inputMode: 'numeric', min, step: 1 }) as const

/** @example <InputField {...field('price')} label="Price ($)" {...dollarsInput} /> */
export const dollarsInput = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const
