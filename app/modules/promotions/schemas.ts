import { z } from 'zod'

export const PROMO_CODE_MAX_LENGTH = 40

/** A promotion code as typed by a visitor: trimmed, at most 40 characters, any case. */
export const PromoCodeSchema = z.string().trim().max(PROMO_CODE_MAX_LENGTH)
